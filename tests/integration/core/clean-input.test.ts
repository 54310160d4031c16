// Issue 16: control and bidirectional characters are refused or cleaned before anything is stored or declared.
import { describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, line, type Rig, useRigs } from './harness';

const rig = useRigs();
const stored = (r: Rig) => r.core.db.sqlite.prepare('SELECT customer_name, payload FROM documents').all() as { customer_name: string; payload: string }[];

describe('clean input at the bridge', () => {
  it('refuses U+0000 in a description: nothing stored, no number spent, the field named', async () => {
    const r = await rig();
    const res = await r.raw('issueSale', anonymousBoleta({ lines: [line({ description: 'Gaseosa\u0000 500 ml' })] }));
    expect(res).toMatchObject({ ok: false, error: { code: 'validation', fields: [{ path: 'lines.0.description', message: expect.stringMatching(/U\+0000/) }] } });
    expect(stored(r)).toEqual([]);
    const next = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(next.number).toBe(1);
  });

  it('stores and declares a customer name without U+202E and U+200B, in NFC', async () => {
    const r = await rig();
    await r.call('issueSale', anonymousBoleta({
      customer: { docType: '1', docNumber: '45678912', name: 'Jose\u0301\u202E Pe\u200Brez', address: '' },
    }));
    const [row] = stored(r);
    expect(row?.customer_name).toBe('José Perez');
    expect(row?.payload).not.toMatch(/\u202E|\u200B|\\u202e|\\u200b/i);
    await r.core.outbox.drain();
    const sent = r.sandbox.declarations()[0];
    expect(JSON.stringify(sent)).not.toMatch(/\u202E|\u200B/);
  });

  it('refuses control characters in a product and in the company data', async () => {
    const r = await rig();
    const product = await r.raw('saveProduct', { code: 'P9', description: 'Leche\u0007', unit: 'NIU', price: '4', affectation: '10', bag: false, active: true });
    expect(product).toMatchObject({ ok: false, error: { fields: [{ path: 'description' }] } });
    const settings = await r.raw('saveSettings', { company: { razonSocial: 'Bodega\u001B' } });
    expect(settings).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
