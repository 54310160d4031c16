// The amounts a cashier types for the drawer: the opening float, a cash movement, the count at the close.
import { z } from 'zod';
import { Dec, fixed2 } from '../billing/decimal';
import { decimalField } from '../billing/schema-fields';

/** Soles, 2 decimals at most, zero allowed unless `positive`; out as a fixed 2-decimal string ('50' → '50.00'). */
export function cashAmount(what: string, positive = false) {
  return decimalField({
    required: `Ingrese ${what}`,
    invalid: `${capitalize(what)} debe ser un número (use punto decimal)`,
    min: positive ? 'positive' : 'nonNegative',
    zero: `${capitalize(what)} debe ser mayor que cero`,
    negative: `${capitalize(what)} no puede ser negativo`,
    maxDecimals: 2,
    decimals: `${capitalize(what)} admite como máximo 2 decimales`,
    maxDigits: 11,
    digits: `${capitalize(what)} es demasiado grande`,
  }).transform((value) => fixed2(new Dec(value)));
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Why cash went in or out of the drawer: required, so the Z explains every movement. */
export const MovementReasonSchema = z
  .string({ error: 'Indique el motivo' })
  .trim()
  .min(3, { error: 'Indique el motivo (al menos 3 letras)' })
  .max(80, { error: 'El motivo admite como máximo 80 caracteres' });
