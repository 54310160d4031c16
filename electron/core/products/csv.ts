// A small RFC 4180 CSV reader. No CSV library is installed and the need is narrow (one comma-separated,
// UTF-8 file with a header, read whole from a string), so a careful 100-line parser is cheaper than a new
// dependency. Reading is lenient where spreadsheets are sloppy (LF or CR line ends, a BOM, a stray quote inside an
// unquoted field is kept as text) and strict where data could be lost (an unclosed quote, text after a closing quote).

export interface CsvRecord {
  /** 1-based line of the text where the record starts (a quoted field may span several lines). */
  line: number;
  fields: string[];
  /** Why the record could not be read; its fields are then incomplete. */
  error?: string;
}

const BOM = '\uFEFF';

/**
 * Splits CSV text into records. Blank lines are skipped (a record that is one empty, unquoted field), as is the
 * line end after the last record. Separators inside quotes are data; `""` inside quotes is one quote.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  const length = text.length;
  let i = 0;
  let line = 1;

  while (i < length) {
    const start = line;
    const fields: string[] = [];
    let error: string | undefined;
    let quotedAny = false;
    let endOfRecord = false;

    while (!endOfRecord) {
      let value = '';
      if (text[i] === '"') {
        quotedAny = true;
        i += 1;
        let closed = false;
        while (i < length) {
          const ch = text[i];
          if (ch === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i += 1;
            closed = true;
            break;
          }
          if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line += 1;
          value += ch;
          i += 1;
        }
        if (!closed) {
          error = 'Comillas sin cerrar: el campo entre comillas continúa hasta el final del archivo';
        } else if (i < length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          error = 'Texto después de cerrar comillas: un campo entre comillas debe terminar en coma o fin de línea';
          // Skip the rest of the field so the next fields and records are still read.
          while (i < length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') i += 1;
        }
      } else {
        const from = i;
        while (i < length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') i += 1;
        value = text.slice(from, i);
      }
      fields.push(value);

      if (i >= length) {
        endOfRecord = true;
      } else if (text[i] === ',') {
        i += 1;
        if (i >= length) fields.push(''); // 'a,b,' at the very end: the last field is empty
        endOfRecord = i >= length;
      } else {
        // CRLF, LF or a lone CR ends the record.
        i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
        endOfRecord = true;
      }
    }

    const blank = !quotedAny && fields.length === 1 && fields[0] === '';
    if (!blank || error) records.push(error ? { line: start, fields, error } : { line: start, fields });
  }
  return records;
}

// Writing is the one CSV writer of every export (export/csv.ts): quoting, and neutralising formula characters in a way
// readCsvCell() undoes, so an exported file reads back to the same products.
export { csvField, readCsvCell, writeCsv } from '../export/csv';
