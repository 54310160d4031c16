// The one CSV writer of every export (documents, the CSV inside the accountant's zip, products, sales reports).
//
// RFC 4180: comma separated, CRLF line ends; a field is quoted when it holds a comma, a quote, CR or LF, or starts or
// ends with white space (a BOM included, which String#trim counts as space), and a quote inside a quoted field is
// doubled.
//
// Formula injection (OWASP, "CSV Injection"; ASVS 5.0 V1.2.10): a spreadsheet treats a cell that starts with
// = + - @ (or a tab or CR) as a formula, so a customer named =HYPERLINK("http://…") would be live in the accountant's
// Excel. Every text cell that starts with one of those characters is neutralised: a leading apostrophe, and the cell
// quoted. Text that already starts with apostrophes before such a character gets one more, so readCsvCell() gives
// back exactly what was written (the products CSV reads its own export back unchanged).
//
// Amounts stay numbers: a JS number, or a decimal string the code computed wrapped in csvAmount(), is written as it
// is, so a negative amount is still -2.50 in the spreadsheet. csvAmount() accepts nothing but a plain decimal, so no
// user text can pass for an amount.

/** A decimal the code computed (a total, a price), written as a number. Build it with csvAmount(). */
export interface CsvAmount {
  readonly amount: string;
}

export type CsvCell = string | number | CsvAmount | null | undefined;

const DECIMAL = /^-?\d+(\.\d+)?$/;
/** The characters that make a spreadsheet read a cell as a formula (OWASP), LF and NUL added for good measure. */
const FORMULA_START = /^'*[=+\-@\t\r\n\0]/;
const NEUTRALISED = /^'+[=+\-@\t\r\n\0]/;

/** A code-computed decimal ('12.50', '-2.50') as a number cell; anything else is a programming error. */
export function csvAmount(text: string): CsvAmount {
  if (!DECIMAL.test(text)) throw new Error(`csvAmount: not a plain decimal: ${JSON.stringify(text.slice(0, 40))}`);
  return { amount: text };
}

/** True when a spreadsheet would read this text as a formula (or it already carries the writer's apostrophe). */
export function needsNeutralising(text: string): boolean {
  return FORMULA_START.test(text);
}

/** The text of a cell as the writer wrote it back to what it was: one apostrophe before a formula character dropped. */
export function readCsvCell(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** One cell, escaped and neutralised. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`csvField: not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'object') return value.amount;
  if (needsNeutralising(value)) return quote(`'${value}`);
  if (/[",\r\n]/.test(value) || value !== value.trim()) return quote(value);
  return value;
}

/** One record, CRLF-terminated. */
export function csvLine(fields: readonly CsvCell[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** Records → CSV text, ending with a line end. A record that is one empty field is written "" (not a blank line). */
export function writeCsv(rows: readonly (readonly CsvCell[])[]): string {
  let out = '';
  for (const row of rows) out += row.length === 1 && (row[0] === '' || row[0] === null || row[0] === undefined) ? '""\r\n' : csvLine(row);
  return out;
}
