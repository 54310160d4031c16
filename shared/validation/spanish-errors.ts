// Zod's default messages are English ("Invalid input: expected object, received string"). Every message that can
// reach the UI must be Spanish, so this map replaces the defaults for the whole process: the core's
// dispatcher and the renderer both install it. Messages written on a schema still win (zod 4's precedence: schema
// error > per-parse error > global customError > locale; https://zod.dev/error-customization).
import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

type Issue = $ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  bigint: 'un número entero',
  boolean: 'sí o no',
  array: 'una lista',
  object: 'un grupo de datos',
  date: 'una fecha',
  null: 'un valor vacío',
  undefined: 'ningún valor',
  nan: 'un número',
  symbol: 'un símbolo',
  function: 'una función',
  map: 'una tabla',
  set: 'un conjunto',
  file: 'un archivo',
};

const typeName = (t: unknown) => TYPE_NAMES[String(t)] ?? 'otro tipo de dato';

function show(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

function sizeMessage(issue: Extract<Issue, { code: 'too_big' | 'too_small' }>): string {
  const big = issue.code === 'too_big';
  const limit = big ? (issue as { maximum: number | bigint }).maximum : (issue as { minimum: number | bigint }).minimum;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (!big && Number(limit) === 1) return 'Requerido';
      return big ? `Como máximo ${limit} caracteres` : `Al menos ${limit} caracteres`;
    case 'array':
    case 'set':
      return big ? `Como máximo ${limit} elementos` : `Al menos ${limit} elemento${Number(limit) === 1 ? '' : 's'}`;
    case 'file':
      return big ? `El archivo es demasiado grande (máximo ${limit} bytes)` : 'El archivo está vacío';
    default:
      if (big) return inclusive ? `Debe ser como máximo ${limit}` : `Debe ser menor que ${limit}`;
      return inclusive ? `Debe ser al menos ${limit}` : `Debe ser mayor que ${limit}`;
  }
}

/** The Spanish message for any zod issue that its schema left without one. */
export function spanishError(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Requerido';
      return `Dato no válido: se esperaba ${typeName(issue.expected)}`;
    case 'invalid_value':
      if (issue.values.length === 1) return `Valor no permitido: se esperaba ${show(issue.values[0])}`;
      return `Valor no permitido: elija uno de ${issue.values.map(show).join(', ')}`;
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue);
    case 'invalid_format':
      return 'Formato no válido';
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Campo${issue.keys.length > 1 ? 's' : ''} no permitido${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'invalid_key':
      return 'Clave no válida';
    case 'invalid_element':
      return 'Elemento no válido';
    case 'invalid_union':
      return 'Dato no válido';
    default:
      return 'Dato no válido';
  }
}

let installed = false;

/** Makes the Spanish messages the default for this process (idempotent). */
export function installSpanishErrors(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: spanishError });
}
