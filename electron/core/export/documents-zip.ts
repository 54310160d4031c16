// The zip for the accountant: per document the JSON exactly as it was sent (RUC-TT-SERIE-NUMERO.json) and, when the
// authority answered, its CDR XML (R-RUC-TT-SERIE-NUMERO.xml), plus the CSV of the same documents (comprobantes.csv).
// NUMERO is the correlative without leading zeros, as SUNAT names the files (20600995805-01-F001-1).
import JSZip from 'jszip';
import { csvHeader, csvRow } from './documents-csv';
import type { ExportRow } from './documents-query';

export const ZIP_CSV_NAME = 'comprobantes.csv';
/** The accepted void of a document: ANULACION-RUC-TT-SERIE-NUMERO.json. */
export const VOID_PREFIX = 'ANULACION-';

/** 'RUC-TT-SERIE-NUMERO' of a stored document; the RUC is the issuer's, from the payload. */
export function sunatBaseName(row: Pick<ExportRow, 'payload' | 'doc_type' | 'series' | 'number'>): string {
  let ruc = '00000000000';
  try {
    const parsed = JSON.parse(row.payload) as { empresa_Ruc?: unknown };
    if (typeof parsed.empresa_Ruc === 'string' && /^\d{11}$/.test(parsed.empresa_Ruc)) ruc = parsed.empresa_Ruc;
  } catch {
    // Keep the placeholder: the file still names type, series and number.
  }
  return `${ruc}-${row.doc_type}-${row.series}-${row.number}`;
}

/** On the calling thread (the fallback of zip-worker.ts). Compression level 1: JSON and XML still shrink about 10x. */
export async function documentsZip(rows: Iterable<ExportRow>): Promise<Buffer> {
  const zip = new JSZip();
  const csv = [csvHeader()];
  for (const row of rows) {
    const base = sunatBaseName(row);
    zip.file(`${base}.json`, row.payload);
    if (row.cdr_xml !== null && row.cdr_xml !== '') zip.file(`R-${base}.xml`, row.cdr_xml);
    // The void request SUNAT accepted, as it was sent.
    if (row.void_payload) zip.file(`${VOID_PREFIX}${base}.json`, row.void_payload);
    csv.push(csvRow(row));
  }
  zip.file(ZIP_CSV_NAME, csv.join(''));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}
