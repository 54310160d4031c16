// A note whose answer was lost and whose resend met 1033 can only be proven by its CDR (there is no record query for
// notes). Without SOL credentials, resending it again only draws another 1033: it waits, the status bar asks for the
// credentials, and once they are kept it is checked again at once and settled by its CDR, declared once.
import { describe, expect, it } from 'vitest';
import type { AppStatus, DocumentSummary, SettingsView } from '../../../shared/bridge';
import { anonymousBoleta, statusOf, until, useRigs } from './harness';

const rig = useRigs();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a note that only its CDR can prove', () => {
  it('waits without resending while no SOL credentials are kept, then settles by its CDR once they are', async () => {
    const r = await rig({ sandbox: { resendMode: 'sunat1033' } });
    const sale = await r.call<DocumentSummary>('issueSale', { clientKey: crypto.randomUUID(), ...anonymousBoleta() });
    await until(r, () => statusOf(r, sale.id) === 'accepted');
    r.sandbox.faults.declaredButLost(1);
    const note = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '06', description: 'Devolución total' });
    await until(r, () => statusOf(r, note.id) === 'attention');

    // The outbox retries within milliseconds here: a note that asked to be checked again would be resent hundreds of times.
    const sends = r.sandbox.requests();
    await sleep(500);
    expect(r.sandbox.requests() - sends).toBe(0);
    const row = r.core.db.sqlite.prepare('SELECT next_attempt_at, uncertain, last_error FROM documents WHERE id = ?').get(note.id) as Record<string, unknown>;
    expect(row).toMatchObject({ next_attempt_at: null, uncertain: 1 });
    expect(String(row.last_error)).toContain('Guarde la clave SOL');
    expect(String(row.last_error)).toContain('No lo reemita');
    expect((await r.call<AppStatus>('getStatus')).notesAwaitingSol).toBe(1);

    // The credentials are kept from a CDR query of another document: the note is checked again and its CDR settles it.
    const { company } = await r.call<SettingsView>('getSettings');
    await r.call('queryCdr', { ruc: company.ruc, usuario: 'MODDATOS', password: 'moddatos', tipo_doc: '03', serie: sale.series, correlativo: String(sale.number), remember: true });
    await until(r, () => statusOf(r, note.id) === 'accepted');
    expect(r.sandbox.declarations().filter((d) => d.key.includes('-07-BC01-1'))).toHaveLength(1);
    expect((await r.call<AppStatus>('getStatus')).notesAwaitingSol).toBe(0);
  });
});
