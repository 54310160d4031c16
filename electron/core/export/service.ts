// Exports for the accountant over a range of Lima issue dates (both inclusive). Neither export holds the event loop
// for long: rows are read in turns on a private read-only connection, the CSV is written to its file turn by turn, and
// the zip is built and written to its file in a worker thread. A file appears only when complete (temp + rename).
import fs from 'node:fs';
import path from 'node:path';
import type { ExportResult } from '../../../shared/bridge/backup';
import { isIsoDate } from '../../../shared/catalog';
import { WorkerUnavailableError } from '../backup/script-worker';
import type { Db } from '../db';
import { CoreError } from '../services/errors';
import { csvHeader, csvRow } from './documents-csv';
import { forEachExportRow, type ExportRange, type ExportRow } from './documents-query';
import { documentsZip, sunatBaseName, ZIP_CSV_NAME } from './documents-zip';
import { zipOffThread, zipToFileOffThread } from './zip-worker';
import type { FileChooser } from '../services/file-chooser';

/** Two entries per document plus the CSV must stay under the 65,535 entries of a zip without ZIP64 (JSZip has none). */
export const MAX_ZIP_DOCUMENTS = 30_000;

export interface ExportServiceOptions {
  db: Db;
  /** Whether the till is in demo mode: only documents of the current mode are exported. */
  demo: () => boolean;
  /** Build the zip in a worker thread (default true). */
  offThread?: boolean;
  /** The system's save dialog (the shell); without it exporting answers that it is unavailable. */
  files?: FileChooser;
}

const FILTERS = {
  csv: [{ name: 'CSV (Excel)', extensions: ['csv'] }],
  zip: [{ name: 'Archivo zip', extensions: ['zip'] }],
};

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
    if (this.options.offThread === false || db.sqlite.memory) return (await this.zipHere(range)).bytes;
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
      if (error instanceof WorkerUnavailableError) return (await this.zipHere(range)).bytes;
      throw error;
    }
  }

  /**
   * The bridge method: the user picks where to save comprobantes-<from>-al-<to>.<csv|zip> in the system's dialog;
   * the file is written there. Cancelling the dialog saves nothing.
   */
  async exportDocuments(input: ExportRange & { format: 'csv' | 'zip' }): Promise<ExportResult> {
    checkRange(input);
    const files = this.options.files;
    if (!files) throw new CoreError('export_unavailable', 'Exportar no está disponible en este entorno.');
    const defaultName = `comprobantes-${input.from}-al-${input.to}.${input.format}`;
    const dest = await files.chooseSaveFile({ title: 'Guardar la exportación para el contador', defaultName, filters: FILTERS[input.format] });
    if (!dest) return { saved: false, fileName: null, documents: 0, bytes: 0 };
    const written = await this.exportToFile(input, dest);
    return { saved: true, fileName: path.basename(dest), ...written };
  }

  /** Writes the export to `dest` (through a temporary file next to it, renamed when complete). */
  async exportToFile(input: ExportRange & { format: 'csv' | 'zip' }, dest: string): Promise<{ documents: number; bytes: number }> {
    checkRange(input);
    const temp = path.join(path.dirname(dest), `.${path.basename(dest)}.${process.pid}.part`);
    try {
      const documents = input.format === 'csv' ? await this.csvToFile(input, temp) : await this.zipToFile(input, temp);
      await fs.promises.rename(temp, dest);
      return { documents, bytes: (await fs.promises.stat(dest)).size };
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      if (error instanceof CoreError) throw error;
      const why = error instanceof Error ? error.message : String(error);
      throw new CoreError('export_failed', `No se pudo guardar el archivo (${why}). Elija otra carpeta o revise el espacio libre.`);
    }
  }

  /** The CSV written turn by turn: each turn's rows are one write, awaited before the next turn is read. */
  private async csvToFile(range: ExportRange, file: string): Promise<number> {
    const out = await fs.promises.open(file, 'w');
    let documents = 0;
    try {
      let chunk = [csvHeader()];
      let pending: Promise<unknown> = Promise.resolve();
      await forEachExportRow(this.options.db, range, this.options.demo(), false, (row) => {
        chunk.push(csvRow(row));
        documents += 1;
        if (chunk.length >= 250) {
          const text = chunk.join('');
          chunk = [];
          pending = pending.then(() => out.write(text));
        }
      });
      await pending;
      if (chunk.length > 0) await out.write(chunk.join(''));
      await out.sync();
    } finally {
      await out.close();
    }
    return documents;
  }

  private async zipToFile(range: ExportRange, file: string): Promise<number> {
    const { db } = this.options;
    if (this.options.offThread === false || db.sqlite.memory) {
      const { bytes, documents } = await this.zipHere(range);
      await fs.promises.writeFile(file, bytes);
      return documents;
    }
    const parts = [csvHeader()];
    const entries: [number, string][] = [];
    await forEachExportRow(db, range, this.options.demo(), false, (row) => {
      parts.push(csvRow(row));
      entries.push([row.id, sunatBaseName(row)]);
    });
    checkZipSize(entries.length);
    await zipToFileOffThread({ live: db.sqlite.name, entries, csvName: ZIP_CSV_NAME, csv: parts.join('') }, file);
    return entries.length;
  }

  private async zipHere(range: ExportRange): Promise<{ bytes: Buffer; documents: number }> {
    const rows: ExportRow[] = [];
    await forEachExportRow(this.options.db, range, this.options.demo(), true, (row) => rows.push(row));
    checkZipSize(rows.length);
    return { bytes: await documentsZip(rows), documents: rows.length };
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
    throw new CoreError('validation', 'Ingrese las fechas como dd/mm/aaaa.', [{ path: 'from', message: 'Fecha no válida' }]);
  }
  if (range.from > range.to) {
    throw new CoreError('validation', 'La fecha inicial es posterior a la final.', [
      { path: 'to', message: 'La fecha final debe ser igual o posterior a la inicial' },
    ]);
  }
}
