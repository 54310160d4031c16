// A note whose send answer was lost meets 1033 on its resend. There is no record query for notes
// (docs/api/decision-table.md, "Credit and debit notes"), so with the shop's SOL credentials its CDR settles it (row
// B11n): accepted with that CDR, declared once. Without them it stays "requiere atención" (notes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../shared/bridge';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { anonymousBoleta, line, setRigDialect, statusOf, until, useRigs } from './harness';

const rig = useRigs();

describe.each(['document', 'factiliza'] as const)('a note\'s lost answer, reconciled by its CDR (%s dialect)', (dialect) => {
  beforeAll(() => setRigDialect(dialect));
  afterAll(() => setRigDialect('document'));

  it('lost answer, 1033 on the resend, SOL credentials kept: accepted with the CDR, declared once', async () => {
    const r = await rig({
      sandbox: { resendMode: 'sunat1033' },
      core: { secrets: memorySecretStore({ portalCredentials: JSON.stringify({ usuario: 'MODDATOS', password: 'moddatos' }) }) },
    });
    const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [line(), line({ code: 'P002', description: 'Azúcar 1 kg', quantity: '3', unitPrice: '2.50' })] }));
    await until(r, () => statusOf(r, sale.id) === 'accepted');
    r.sandbox.faults.declaredButLost(1);
    const note = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devuelve azúcar', lines: [{ line: 2, quantity: '1' }] });
    await until(r, () => statusOf(r, note.id) !== 'pending' && statusOf(r, note.id) !== 'sending');
    const row = r.core.db.sqlite.prepare('SELECT status, uncertain, cdr_code, last_error FROM documents WHERE id = ?').get(note.id) as Record<string, unknown>;
    expect(row).toMatchObject({ status: 'accepted', uncertain: 1, cdr_code: '0' });
    expect(r.sandbox.declarations().filter((d) => d.key.includes('-07-BC01-1'))).toHaveLength(1);
  });
});
