// Exports for the accountant over a range of Lima issue dates (both inclusive). Neither export holds the event loop
// for long: rows are read in turns on a private read-only connection, and the zip is built in a worker thread.
import type { FileData } from '../../../shared/bridge/documents';
import { isIsoDate } from '../../../shared/catalog';
import { WorkerUnavailableError } from '../backup/script-worker';
import type { Db } from '../db';
import { CoreError } from '../services/errors';
import { csvHeader, csvRow } from './documents-csv';
import { forEachExportRow, type ExportRange, type ExportRow } from './documents-query';
import { documentsZip, sunatBaseName, ZIP_CSV_NAME } from './documents-zip';
import { zipOffThread } from './zip-worker';

/** Two entries per document plus the CSV must stay under the 65,535 entries of a zip without ZIP64 (JSZip has none). */
export const MAX_ZIP_DOCUMENTS = 30_000;

export interface ExportServiceOptions {
  db: Db;
  /** Whether the till is in demo mode: only documents of the current mode are exported. */
  demo: () => boolean;
  /** Build the zip in a worker thread (default true). */
  offThread?: boolean;
}

export class ExportService {
  constructor(private readonly options: ExportServiceOptions) {}

  /** CSV text (UTF-8, header row, no BOM). */
  async exportDocumentsCsv(range: ExportRange): Promise<string> {
    checkRange(range);
    const parts = [csvHeader()];
    await forEachExportRow(this.options.db, range, this.options.demo(), false, (row) => parts.push(csvRow(row)));
    return parts.join('');
  }

  /** Zip with each document's sent JSON, its CDR XML when present, and comprobantes.csv. */
  async exportDocumentsZip(range: ExportRange): Promise<Buffer> {
    checkRange(range);
    const { db } = this.options;
    if (this.options.offThread === false || db.sqlite.memory) return this.zipHere(range);
    const parts = [csvHeader()];
    const entries: [number, string][] = [];
    await forEachExportRow(db, range, this.options.demo(), false, (row) => {
      parts.push(csvRow(row));
      entries.push([row.id, sunatBaseName(row)]);
    });
    checkZipSize(entries.length);
    try {
      return await zipOffThread({ live: db.sqlite.name, entries, csvName: ZIP_CSV_NAME, csv: parts.join('') });
    } catch (error) {
      if (error instanceof WorkerUnavailableError) return this.zipHere(range);
      throw error;
    }
  }

  /** The bridge method: the file as base64, named comprobantes-<from>-al-<to>.<csv|zip>. */
  async exportDocuments(input: ExportRange & { format: 'csv' | 'zip' }): Promise<FileData> {
    const fileName = `comprobantes-${input.from}-al-${input.to}.${input.format}`;
    const bytes =
      input.format === 'csv' ? Buffer.from(await this.exportDocumentsCsv(input), 'utf8') : await this.exportDocumentsZip(input);
    return { fileName, base64: bytes.toString('base64') };
  }

  private async zipHere(range: ExportRange): Promise<Buffer> {
    const rows: ExportRow[] = [];
    await forEachExportRow(this.options.db, range, this.options.demo(), true, (row) => rows.push(row));
    checkZipSize(rows.length);
    return documentsZip(rows);
  }
}

function checkZipSize(documents: number): void {
  if (documents > MAX_ZIP_DOCUMENTS) {
    throw new CoreError(
      'export_too_large',
      `El rango tiene ${documents} comprobantes; un archivo zip admite hasta ${MAX_ZIP_DOCUMENTS}. Elija un rango más corto ` +
        '(por ejemplo, un mes). El CSV no tiene este límite.',
    );
  }
}

function checkRange(range: ExportRange): void {
  if (!isIsoDate(range.from) || !isIsoDate(range.to)) {
    throw new CoreError('validation', 'Ingrese las fechas como AAAA-MM-DD.', [{ path: 'from', message: 'Fecha no válida' }]);
  }
  if (range.from > range.to) {
    throw new CoreError('validation', 'La fecha inicial es posterior a la final.', [
      { path: 'to', message: 'La fecha final debe ser igual o posterior a la inicial' },
    ]);
  }
}
