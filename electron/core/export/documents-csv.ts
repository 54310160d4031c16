// The CSV for the accountant: UTF-8 without BOM, a header row, RFC 4180 quoting, CRLF, amounts with two decimals and
// a dot. One row per document of the range. Written by the one CSV writer (csv.ts): customer names and every other
// text cell are neutralised against formula injection; amounts and numbers stay numbers.
import { DOC_STATUS_LABELS } from '../../../shared/bridge/status';
import { VOID_STATUS_LABELS, type VoidRequestStatus } from '../../../shared/bridge/voids';
import { categoryAmounts } from './amounts';
import { csvAmount, csvLine } from './csv';
import type { ExportRow } from './documents-query';

export const CSV_COLUMNS = [
  // tipo_cambio: soles per dollar a dollar document was converted at (empty for soles), as printed on it.
  'tipo', 'serie', 'numero', 'fecha', 'moneda', 'tipo_cambio', 'cliente_tipo_doc', 'cliente_num_doc', 'cliente_nombre',
  'op_gravadas', 'op_exoneradas', 'igv', 'icbper', 'total', 'estado', 'codigo_sunat', 'hash',
  // A note's modified document ('03 B001-24') and reason (catálogo 09/10); a document's void.
  'doc_modificado', 'motivo_nota', 'anulacion',
] as const;

export function csvHeader(): string {
  return csvLine(CSV_COLUMNS);
}

/** numero is the correlative without leading zeros, as SUNAT writes it in file names (F001-1). */
export function csvRow(row: ExportRow): string {
  const amounts = categoryAmounts(row.payload, { igv: row.igv, total: row.total });
  return csvLine([
    row.doc_type, row.series, row.number, row.issue_date, row.currency, row.exchange_rate ?? '', row.customer_doc_type, row.customer_doc_number,
    row.customer_name, csvAmount(amounts.gravadas), csvAmount(amounts.exoneradas), csvAmount(amounts.igv), csvAmount(amounts.icbper),
    csvAmount(amounts.total),
    DOC_STATUS_LABELS[row.status], row.cdr_code, row.hash,
    ...noteColumns(row), voidLabel(row.void_status),
  ]);
}

/** A credit or debit note's reference and reason, from its payload as sent; empty for a boleta or factura. */
function noteColumns(row: ExportRow): [string, string] {
  if (row.doc_type !== '07' && row.doc_type !== '08') return ['', ''];
  try {
    const note = JSON.parse(row.payload) as { afectado_Tipo_Doc?: unknown; afectado_Num_Doc?: unknown; motivo_Cod?: unknown };
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return [`${text(note.afectado_Tipo_Doc)} ${text(note.afectado_Num_Doc)}`.trim(), text(note.motivo_Cod)];
  } catch {
    return ['', ''];
  }
}

function voidLabel(status: string | null): string {
  return status !== null && status in VOID_STATUS_LABELS ? VOID_STATUS_LABELS[status as VoidRequestStatus] : '';
}
