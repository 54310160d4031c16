// The CSV for the accountant: UTF-8 without BOM, a header row, RFC 4180 quoting, CRLF, amounts with two decimals and
// a dot. One row per document of the range. Written by the one CSV writer (csv.ts): customer names and every other
// text cell are neutralised against formula injection; amounts and numbers stay numbers.
import { DOC_STATUS_LABELS } from '../../../shared/bridge/status';
import { categoryAmounts } from './amounts';
import { csvAmount, csvLine } from './csv';
import type { ExportRow } from './documents-query';

export const CSV_COLUMNS = [
  'tipo', 'serie', 'numero', 'fecha', 'moneda', 'cliente_tipo_doc', 'cliente_num_doc', 'cliente_nombre',
  'op_gravadas', 'op_exoneradas', 'igv', 'icbper', 'total', 'estado', 'codigo_sunat', 'hash',
] as const;

export function csvHeader(): string {
  return csvLine(CSV_COLUMNS);
}

/** numero is the correlative without leading zeros, as SUNAT writes it in file names (F001-1). */
export function csvRow(row: ExportRow): string {
  const amounts = categoryAmounts(row.payload, { igv: row.igv, total: row.total });
  return csvLine([
    row.doc_type, row.series, row.number, row.issue_date, row.currency, row.customer_doc_type, row.customer_doc_number,
    row.customer_name, csvAmount(amounts.gravadas), csvAmount(amounts.exoneradas), csvAmount(amounts.igv), csvAmount(amounts.icbper),
    csvAmount(amounts.total),
    DOC_STATUS_LABELS[row.status], row.cdr_code, row.hash,
  ]);
}
