// A sale undone whole by a credit note (anulación, devolución total) takes no more notes, not even a debit note: the
// core refuses before any number is spent, and the detail names the note that undid it.
import { describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentSummary } from '../../../shared/bridge';
import { cancellingNote } from '../../../shared/catalog';
import { anonymousBoleta, line, statusOf, until, useRigs } from './harness';

const rig = useRigs();

describe('a sale undone whole by a credit note', () => {
  it('takes no debit note, and its detail names the note that undid it once SUNAT accepted it', async () => {
    const r = await rig();
    const sale = await r.call<DocumentSummary>('issueSale', { clientKey: crypto.randomUUID(), ...anonymousBoleta({ lines: [line()] }) });
    await until(r, () => statusOf(r, sale.id) === 'accepted');
    const note = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '01', description: 'Anulación de la operación' });
    const debit = await r.raw('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '08', reason: '01', description: 'Intereses', amount: '1.00' });
    expect(debit).toMatchObject({ ok: false, error: { code: 'not_notable', message: expect.stringContaining(`nota de crédito ${note.series}-`) } });
    expect(r.core.db.sqlite.prepare("SELECT COUNT(*) FROM documents WHERE doc_type = '08'").pluck().get()).toBe(0);
    await until(r, () => statusOf(r, note.id) === 'accepted');
    const detail = await r.call<DocumentDetail>('getDocument', { id: sale.id });
    expect(cancellingNote(detail.notes)).toMatchObject({ id: note.id, series: note.series, number: note.number });
  });
});
