// The accountant's CSV and ZIP include credit and debit notes (with the document each modifies and its
// reason) and a document's void (its state in the CSV; the void request SUNAT accepted, as sent, in the ZIP), whether
// the zip is built in a worker thread or on the calling thread.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, ExportService, VOID_PREFIX, ZIP_CSV_NAME } from '../../../electron/core/export';
import { readCsvCell } from '../../../electron/core/export/csv';
import type { DocumentSummary } from '../../../shared/bridge';
import { parseCsv } from '../../unit/core/backup/parse-csv';
import { anonymousBoleta, statusOf, useRigs } from './harness';

const rig = useRigs();

describe('exports with notes and voids', () => {
  it('the CSV lists notes with the document they modify and a voided document as "Anulado"; the ZIP carries the void', async () => {
    const r = await rig();
    const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    const voided = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await r.core.outbox.drain();
    const credit = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devolución de uno', lines: [{ line: 1, quantity: '1' }] });
    const debit = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '08', reason: '01', description: 'Intereses', amount: '1.00' });
    await r.call('voidDocument', { clientKey: crypto.randomUUID(), of: voided.id, reason: 'Venta duplicada' });
    await r.core.outbox.drain();
    await r.core.voids.drain();
    expect([credit.id, debit.id].map((id) => statusOf(r, id))).toEqual(['accepted', 'accepted']);

    const day = sale.issueDate;
    const range = { from: day, to: day };
    const csv = await new ExportService({ db: r.core.db, demo: () => true }).exportDocumentsCsv(range);
    const [header, ...lines] = parseCsv(csv);
    expect(header).toEqual([...CSV_COLUMNS]);
    const col = (l: string[], name: (typeof CSV_COLUMNS)[number]) => readCsvCell(l[CSV_COLUMNS.indexOf(name)]!);
    const byKey = new Map(lines.map((l) => [`${col(l, 'serie')}-${col(l, 'numero')}`, l]));
    expect(lines).toHaveLength(4);
    const c = byKey.get('BC01-1')!;
    expect([col(c, 'tipo'), col(c, 'doc_modificado'), col(c, 'motivo_nota'), col(c, 'total'), col(c, 'anulacion')]).toEqual(['07', `03 B001-${sale.number}`, '07', '5.90', '']);
    const d = byKey.get('BD01-1')!;
    expect([col(d, 'tipo'), col(d, 'doc_modificado'), col(d, 'motivo_nota'), col(d, 'total')]).toEqual(['08', `03 B001-${sale.number}`, '01', '1.00']);
    expect(col(byKey.get(`B001-${voided.number}`)!, 'anulacion')).toBe('Anulado');
    expect(col(byKey.get(`B001-${sale.number}`)!, 'anulacion')).toBe('');

    for (const offThread of [true, false]) {
      const bytes = await new ExportService({ db: r.core.db, demo: () => true, offThread }).exportDocumentsZip(range);
      const zip = await JSZip.loadAsync(bytes);
      const names = Object.keys(zip.files);
      const ruc = (JSON.parse(r.core.db.sqlite.prepare('SELECT payload FROM documents WHERE id = ?').pluck().get(sale.id) as string) as { empresa_Ruc: string }).empresa_Ruc;
      expect(names).toEqual(expect.arrayContaining([`${ruc}-07-BC01-1.json`, `${ruc}-08-BD01-1.json`, `R-${ruc}-07-BC01-1.xml`, ZIP_CSV_NAME]));
      const voidFile = `${VOID_PREFIX}${ruc}-03-B001-${voided.number}.json`;
      expect(names.filter((n) => n.startsWith(VOID_PREFIX))).toEqual([voidFile]);
      expect(JSON.parse(await zip.file(voidFile)!.async('string'))).toMatchObject({ tipo_Doc: '03', serie: 'B001', correlativo: String(voided.number), anulacion_Motivo: 'Venta duplicada' });
      expect(await zip.file(ZIP_CSV_NAME)!.async('string')).toBe(csv);
    }
  });
});
