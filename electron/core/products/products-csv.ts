// The products CSV: Spanish column names, one product per row. Reading checks every row and reports each bad one
// with its line and a Spanish reason; writing produces a file that reads back to exactly the same products.
import { z } from 'zod';
import { checkBagUnit, ProductCategorySchema, productFieldsShape, type ImportRowError } from '../../../shared/bridge/products';
import { whenClean } from '../../../shared/billing/schema-fields';
import { cleanTextsIn, controlCharProblem, type TextProblem } from '../../../shared/billing/text-safety';
import type { ProductRow, ProductUpsert } from '../db';
import { unitCodeOf } from '../../../shared/catalog/units';
import { csvAmount, type CsvCell } from '../export/csv';
import { parseCsv, readCsvCell, writeCsv } from './csv';

/**
 * Column names in file order. The first five are required; bolsa, activo, unidades_enteras and categoria may be left
 * out (unidades_enteras empty: as the unit says; categoria left out: each product keeps its own, empty: none).
 */
export const CSV_COLUMNS = ['codigo', 'descripcion', 'unidad', 'precio', 'afectacion', 'bolsa', 'activo', 'unidades_enteras', 'categoria'] as const;
type Column = (typeof CSV_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['codigo', 'descripcion', 'unidad', 'precio', 'afectacion'];

const BOM = '\uFEFF';
/** '7.75101E+12': what a spreadsheet makes of a 13-digit barcode saved as a number. */
const EXCEL_NUMBER = /^\d+(?:[.,]\d+)?E\+\d+$/i;

export interface ProductsCsvReading {
  /** Data rows read (the header and blank lines are not counted). */
  rows: number;
  /** Rows that passed every check, in file order. */
  good: { line: number; item: ProductUpsert }[];
  /** One entry per bad row (or one for the header), by line. */
  errors: ImportRowError[];
  /** True when the header itself is wrong: no row could be read. */
  headerInvalid: boolean;
}

/** One CSV row: the form's field rules; the flags are undefined when their column is absent or the cell empty. */
const CsvRowSchema = z
  .object({
    ...productFieldsShape, bag: z.boolean().optional(), active: z.boolean().optional(), wholeUnits: z.boolean().optional(),
    category: ProductCategorySchema.optional(),
  })
  .superRefine(checkBagUnit, { when: whenClean('unit', 'bag', 'wholeUnits') });

/** What a text decoded in the wrong encoding holds where its accents were (TextDecoder's replacement character). */
const REPLACEMENT = '\uFFFD';
const UNREADABLE = 'La fila tiene caracteres ilegibles (\uFFFD): el archivo se leyó con otra codificación que la suya '
  + 'o está dañado. Guárdelo como «CSV UTF-8» y vuelva a importarlo';

/**
 * '1.234,50', '1,234.50', '4,50', '4.50', '1.234.567': digits with one kind of separator between groups of three
 * (group 3; the groups must all use it), then an optional decimal sign and decimals (groups 4 and 5).
 */
const WRITTEN_NUMBER = /^([+-]?)(\d{1,3}([.,])\d{3}(?:\3\d{3})*|\d+)(?:([.,])(\d+))?$/;

/**
 * A price as people write it in Peru, as the decimal string the price rules read: '4,50' and '4.50' are 4.50, and a
 * thousands separator is the other sign ('1.234,50' and '1,234.50' are 1234.50; '1.234.567' is 1234567). Only text
 * is moved, never a binary float. A lone comma before exactly three digits ('1,234') is refused: it is 1234 to one
 * reader and 1.234 to another, and a price off by a factor of a thousand must not be stored. A lone point keeps its
 * meaning as the decimal point (the export writes 1.234 for a price of three decimals). Anything else is left as
 * written, for the price rules to refuse with their own message.
 */
export function readPriceCell(text: string): { ok: true; value: string } | { ok: false; message: string } {
  const price = text.trim();
  const match = WRITTEN_NUMBER.exec(price);
  if (!match) return { ok: true, value: price };
  const [, sign = '', whole = '', group, decimal, fraction] = match;
  if (group !== undefined && decimal === undefined && whole.split(group).length === 2) {
    // One separator before three digits and nothing after: a decimal point, or a comma that may be either.
    const [units = '', thousandths = ''] = whole.split(group);
    if (group === '.' || units === '0') return { ok: true, value: `${sign}${units}.${thousandths}` };
    return {
      ok: false,
      message: `El precio "${price}" es ambiguo: puede ser ${units}${thousandths} o ${units}.${thousandths}. `
        + `Escriba ${units}${thousandths} si no tiene decimales, o ${units}.${thousandths} con punto decimal`,
    };
  }
  if (group !== undefined && decimal === group) {
    return { ok: false, message: `El precio "${price}" no se entiende: use el punto o la coma solo para los decimales (por ejemplo 1234.50)` };
  }
  const digits = group === undefined ? whole : whole.split(group).join('');
  return { ok: true, value: fraction === undefined ? `${sign}${digits}` : `${sign}${digits}.${fraction}` };
}

/** 'Código ' → 'codigo': header names are matched without case, accents or edge spaces. */
function headerKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
}

/** sí/si/1 → true, no/0 → false, empty → undefined (keep what is stored); anything else → an error message. */
function readFlag(value: string, label: string): { ok: true; value: boolean | undefined } | { ok: false; message: string } {
  const text = headerKey(value);
  if (text === '') return { ok: true, value: undefined };
  if (text === 'si' || text === '1') return { ok: true, value: true };
  if (text === 'no' || text === '0') return { ok: true, value: false };
  return { ok: false, message: `${label}: escriba sí o no (o 1 y 0), no "${value.trim()}"` };
}

function readHeader(fields: string[]): { columns: Column[] } | { problems: string[] } {
  if (fields.length === 1 && fields[0]?.includes(';')) {
    return { problems: ['El archivo usa punto y coma (;) para separar columnas: guárdelo como "CSV delimitado por comas"'] };
  }
  const problems: string[] = [];
  const columns: Column[] = [];
  for (const name of fields) {
    const key = headerKey(name);
    const column = CSV_COLUMNS.find((c) => c === key);
    if (!column) problems.push(`Columna desconocida: "${name.trim()}"`);
    else if (columns.includes(column)) problems.push(`Columna repetida: ${column}`);
    else columns.push(column);
  }
  if (fields.some((name) => name.includes(REPLACEMENT))) problems.push(UNREADABLE);
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length > 0) problems.push(`Faltan columnas: ${missing.join(', ')}`);
  if (problems.length === 0) return { columns };
  problems.push(`El encabezado debe tener las columnas ${CSV_COLUMNS.join(', ')} (bolsa, activo, unidades_enteras y categoria son opcionales)`);
  return { problems };
}

/** Rows checked between two progress reports. */
export const PROGRESS_EVERY_ROWS = 2_000;

/**
 * Reads and checks a products CSV. Nothing is stored here. `onProgress` hears how many data rows are checked, every
 * PROGRESS_EVERY_ROWS rows and at the end (the import worker passes it on to the screen).
 */
export function readProductsCsv(csv: string, onProgress?: (done: number, total: number) => void): ProductsCsvReading {
  const records = parseCsv(csv);
  const [header, ...data] = records;
  if (!header) {
    const reason = `El archivo está vacío: falta la fila de encabezados (${CSV_COLUMNS.join(', ')})`;
    return { rows: 0, good: [], errors: [{ line: 1, reason }], headerInvalid: true };
  }
  const read = header.error ? { problems: [header.error] } : readHeader(header.fields);
  if ('problems' in read) {
    return { rows: data.length, good: [], errors: [{ line: header.line, reason: read.problems.join('; ') }], headerInvalid: true };
  }
  const { columns } = read;

  const problemsByLine = new Map<number, string[]>();
  const addProblem = (line: number, message: string) => {
    const list = problemsByLine.get(line);
    if (list) list.push(message);
    else problemsByLine.set(line, [message]);
  };
  const parsed: { line: number; item: ProductUpsert }[] = [];
  /** The line where each code first appears: that row is the one read; a later one is reported as a repetition. */
  const firstLineOf = new Map<string, number>();

  let checked = 0;
  for (const record of data) {
    checked += 1;
    if (onProgress && checked % PROGRESS_EVERY_ROWS === 0) onProgress(checked, data.length);
    if (record.error) {
      addProblem(record.line, record.error);
      continue;
    }
    if (record.fields.some((field) => field.includes(REPLACEMENT))) {
      addProblem(record.line, UNREADABLE);
      continue;
    }
    if (record.fields.length !== columns.length) {
      addProblem(record.line, `La fila tiene ${record.fields.length} columnas; el encabezado tiene ${columns.length}`);
      continue;
    }
    // A cell the writer neutralised against formula injection ('=…) reads back as it was typed (=…).
    const cell = (column: Column): string | undefined => {
      const index = columns.indexOf(column);
      const text = index === -1 ? undefined : record.fields[index];
      return text === undefined ? undefined : readCsvCell(text);
    };
    const code = (cell('codigo') ?? '').trim().normalize('NFC');
    // Only the first row of a code is read: dropping both rows of a repeated code lost the good first one too.
    const first = code === '' ? undefined : firstLineOf.get(code);
    if (first !== undefined) {
      addProblem(record.line, `El código ${code} está repetido: ya aparece en la línea ${first} (de cada código se lee solo la primera fila)`);
      continue;
    }
    if (code !== '') firstLineOf.set(code, record.line);
    if (EXCEL_NUMBER.test(code)) {
      addProblem(record.line, `El código ${code} parece un número convertido por Excel a notación científica: `
        + 'vuelva a exportar y abra la columna codigo como texto');
    }
    const bag = readFlag(cell('bolsa') ?? '', 'Bolsa');
    const active = readFlag(cell('activo') ?? '', 'Activo');
    const whole = readFlag(cell('unidades_enteras') ?? '', 'Unidades enteras');
    for (const flag of [bag, active, whole]) if (!flag.ok) addProblem(record.line, flag.message);
    const unit = cell('unidad') ?? '';
    const price = readPriceCell(cell('precio') ?? '');
    if (!price.ok) addProblem(record.line, price.message);
    const result = CsvRowSchema.safeParse({
      code: cell('codigo'),
      description: cell('descripcion'),
      // UND, Kilos, LT…: the code they stand for; anything else as written, for the unit rule's message.
      unit: unitCodeOf(unit) ?? unit,
      price: price.ok ? price.value : undefined,
      affectation: (cell('afectacion') ?? '').trim(),
      bag: bag.ok ? bag.value : undefined,
      active: active.ok ? active.value : undefined,
      wholeUnits: whole.ok ? whole.value : undefined,
      category: cell('categoria'),
    });
    if (!result.success) {
      // A price refused above is said once, in its own words.
      for (const issue of result.error.issues) if (price.ok || issue.path[0] !== 'price') addProblem(record.line, issue.message);
    } else if (bag.ok && active.ok && whole.ok && price.ok) {
      parsed.push({ line: record.line, item: result.data });
    }
  }

  onProgress?.(data.length, data.length);
  const good = parsed.filter((row) => !problemsByLine.has(row.line));
  const errors = [...problemsByLine]
    .sort(([a], [b]) => a - b)
    .map(([line, messages]) => ({ line, reason: [...new Set(messages)].join('; ') }));
  return { rows: data.length, good, errors, headerInvalid: false };
}

/**
 * The whole work of an import on the file as it crossed the bridge (it runs in the import worker): the
 * bridge's text cleaning (line ends, invisible characters, NFC; a control character refuses the file, as dispatch
 * would have), then the reading.
 */
export function cleanAndReadProductsCsv(
  raw: string,
  onProgress?: (done: number, total: number) => void,
): { problems: TextProblem[] } | { reading: ProductsCsvReading } {
  const cleaned = cleanTextsIn(raw, ['csv']);
  if (cleaned.problems.length > 0) {
    // The file is refused whole, as the bridge refuses any text; the line says where to look in a long one.
    const lines = (cleaned.value as string).split('\n');
    const at = lines.findIndex((line) => controlCharProblem(line) !== null);
    if (at === -1) return { problems: cleaned.problems };
    return { problems: cleaned.problems.map((problem) => ({ ...problem, message: `${problem.message} en la línea ${at + 1}` })) };
  }
  return { reading: readProductsCsv(cleaned.value as string, onProgress) };
}

/** '3.5' → '3.50', '12' → '12.00', '0.0425' stays: prices read better with at least 2 decimals. */
function priceText(price: string): string {
  const dot = price.indexOf('.');
  if (dot === -1) return `${price}.00`;
  return price.length - dot - 1 < 2 ? price.padEnd(dot + 3, '0') : price;
}

/**
 * The CSV of these products: a BOM (so spreadsheet programs read the accents as UTF-8), the header, one row per
 * product, CRLF line ends. readProductsCsv() of it gives back the same fields.
 */
export function writeProductsCsv(rows: readonly ProductRow[]): string {
  const lines: CsvCell[][] = [[...CSV_COLUMNS]];
  for (const row of rows) {
    lines.push([
      row.code,
      row.description,
      row.unit,
      csvAmount(priceText(row.price)),
      row.affectation,
      row.bag === 1 ? 'sí' : 'no',
      row.active === 1 ? 'sí' : 'no',
      row.whole_units === null ? '' : row.whole_units === 1 ? 'sí' : 'no',
      row.category,
    ]);
  }
  return BOM + writeCsv(lines);
}
