// A note's money and SUNAT's rules on it, through the core: returns unit by unit add up to the line, an amount on a
// mostly exonerated sale credits the sale's IGV at most, reasons the shop cannot build and a note dated before its sale
// are refused before a number is spent (docs/sunat/notes.md, "Validation codes that bind notes and voids").
import { describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, line, statusOf, type Rig, useRigs } from './harness';

const rig = useRigs();

/** A fresh client key for each operation, as a form gets when it opens. */
let keys = 0;
const key = () => `notes-money-${String(++keys).padStart(4, '0')}`;

async function accepted(r: Rig, lines: Record<string, unknown>[]): Promise<DocumentSummary> {
  const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ lines, clientKey: key() }));
  await r.core.outbox.drain();
  expect(statusOf(r, sale.id)).toBe('accepted');
  return sale;
}

const lastNumber = (r: Rig, docType: string, series: string) =>
  (r.core.db.sqlite.prepare('SELECT last_number FROM series WHERE doc_type = ? AND series = ?').pluck().get(docType, series) as number | undefined) ?? 0;
const payloadOf = (r: Rig, id: number) =>
  JSON.parse((r.core.db.sqlite.prepare('SELECT payload FROM documents WHERE id = ?').get(id) as { payload: string }).payload) as Record<string, unknown>;

describe('a note credits no more than the sale', () => {
  it('returns 3 × 1.005 (3.02) unit by unit: 1.01, 1.01, then the last unit takes the 1.00 left', async () => {
    const r = await rig();
    const sale = await accepted(r, [line({ quantity: '3', unitPrice: '1.005' })]);
    expect(sale.total).toBe('3.02');
    const totals: string[] = [];
    for (let i = 0; i < 3; i++) {
      const n = await r.call<DocumentSummary>('issueNote', { clientKey: key(), of: sale.id, type: '07', reason: '07', description: 'Devuelve una', lines: [{ line: 1, quantity: '1' }] });
      totals.push(n.total);
    }
    expect(totals).toEqual(['1.01', '1.01', '1.00']);
    await r.core.outbox.drain();
    expect(r.core.db.sqlite.prepare("SELECT status FROM documents WHERE doc_type = '07'").pluck().all()).toEqual(['accepted', 'accepted', 'accepted']);
  });

  it('a weighed 0.125 kg line (1.24) returned as 0.1 then 0.025 credits 1.00 then 0.24', async () => {
    const r = await rig();
    const sale = await accepted(r, [line({ unit: 'KGM', quantity: '0.125', unitPrice: '9.95' })]);
    expect(sale.total).toBe('1.24');
    const first = await r.call<DocumentSummary>('issueNote', { clientKey: key(), of: sale.id, type: '07', reason: '07', description: 'Devuelve', lines: [{ line: 1, quantity: '0.1' }] });
    const rest = await r.call<DocumentSummary>('issueNote', { clientKey: key(), of: sale.id, type: '07', reason: '07', description: 'Devuelve', lines: [{ line: 1, quantity: '0.025' }] });
    expect([first.total, rest.total]).toEqual(['1.00', '0.24']);
  });

  it('an amount on a mostly exonerated sale credits its IGV at most (0.18, not 7.63)', async () => {
    const r = await rig();
    const sale = await accepted(r, [line({ code: 'EXO', quantity: '1', unitPrice: '50.00', affectation: '20' }), line({ code: 'GRA', quantity: '1', unitPrice: '1.18' })]);
    const n = await r.call<DocumentSummary>('issueNote', { clientKey: key(), of: sale.id, type: '07', reason: '09', description: 'Rebaja', amount: '50.00' });
    expect(n.total).toBe('50.00');
    expect(payloadOf(r, n.id)).toMatchObject({ monto_Igv: 0.18, monto_Oper_Exoneradas: 48.85, monto_Imp_Venta: 50 });
    await r.core.outbox.drain();
    expect(statusOf(r, n.id)).toBe('accepted');
  });
});

describe('SUNAT rules a note is refused by, before a number is spent', () => {
  it('reasons 11, 12 and 13 (credit) are refused in Spanish', async () => {
    const r = await rig();
    const sale = await accepted(r, [line()]);
    for (const reason of ['11', '12', '13']) {
      const res = await r.raw('issueNote', { clientKey: key(), of: sale.id, type: '07', reason, description: 'Ajuste', amount: '1.00' });
      expect(res).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('Caja no emite notas') } });
    }
    expect(lastNumber(r, '07', 'BC01')).toBe(0);
  });

  it('a note dated (Lima) before the sale it modifies is refused (SUNAT 2885)', async () => {
    let offset = 0;
    const r = await rig({ core: { now: () => new Date(Date.now() + offset) } });
    const sale = await accepted(r, [line()]);
    offset = -2 * 86_400_000; // the clock set back two days
    for (const input of [
      { clientKey: key(), of: sale.id, type: '07', reason: '06', description: 'Devolución total' },
      { clientKey: key(), of: sale.id, type: '08', reason: '02', description: 'Aumento', amount: '1.00' },
    ]) {
      const res = await r.raw('issueNote', input);
      expect(res).toMatchObject({ ok: false, error: { code: 'note_date', message: expect.stringContaining('anterior a la de') } });
    }
    expect(lastNumber(r, '07', 'BC01')).toBe(0);
    expect(lastNumber(r, '08', 'BD01')).toBe(0);
    offset = 0;
    const n = await r.call<DocumentSummary>('issueNote', { clientKey: key(), of: sale.id, type: '07', reason: '06', description: 'Devolución total' });
    expect(n.number).toBe(1);
  });
});
