// Reading an import answer for the screen: how many rows could be imported alone, and the sentence that says
// what happened.
import type { ImportProductsResult } from '../../../../shared/bridge';

/**
 * The line of the header: the core skips blank lines before it. An error on that line means the header itself is
 * wrong, and then no row can be imported.
 */
export function headerLine(csv: string): number {
  const text = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  const leading = /^(?:\r\n|\n|\r)*/.exec(text)?.[0] ?? '';
  return 1 + leading.replace(/\r\n?/g, '\n').length;
}

/** Rows that passed every check (each bad row has exactly one entry in `errors`). */
export function goodRowCount(csv: string, result: ImportProductsResult): number {
  const header = headerLine(csv);
  if (result.errors.some((error) => error.line === header)) return 0;
  return Math.max(0, result.rows - result.errors.length);
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** '3 nuevos, 1 actualizado, 20 sin cambios'. */
export function storedSummary(result: ImportProductsResult): string {
  return [
    count(result.imported, 'nuevo', 'nuevos'),
    count(result.updated, 'actualizado', 'actualizados'),
    `${result.unchanged} sin cambios`,
  ].join(', ');
}

export function rowsWithErrors(result: ImportProductsResult): string {
  return count(result.errors.length, 'fila con errores', 'filas con errores');
}
