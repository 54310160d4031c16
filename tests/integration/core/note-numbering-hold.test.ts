// After a restore over a damaged database the note series (07, 08) are held like the sale series, but nothing can
// confirm them: the API's record lookup knows boletas and facturas only, and answers "not found" for every note.
// Confirming a note series by that lookup would reuse a number SUNAT already holds. They stay held until the cashier
// chooses to jump ahead (recorded), and a note asked for meanwhile is refused as a sale is: same code, plain words.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRestore } from '../../../electron/core/backup';
import { defaultMigrationsDir } from '../../../electron/core/db';
import { JUMP_MARGIN } from '../../../electron/core/services/numbering';
import type { Sandbox } from '../../../electron/sandbox';
import type { DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, until, type Rig, useScratch } from './harness';

const migrationsDir = defaultMigrationsDir();
const scratch = useScratch('caja-note-hold-');

const till = (shared: Sandbox, dataDir: string) => scratch.till(shared, dataDir);

const one = (rig: Rig, sql: string, ...params: unknown[]) => rig.core.db.sqlite.prepare(sql).pluck().get(...params);
const settled = (rig: Rig) => until(rig, () => one(rig, "SELECT COUNT(*) FROM documents WHERE status <> 'accepted'") === 0, 400);
const wholeReturn = (of: number, over: Record<string, unknown> = {}) => ({
  of, type: '07', reason: '06', description: 'Devolución total', clientKey: randomUUID(), ...over,
});

/**
 * Two accepted sales and a credit note BC01-1 on the first, a copy, then BC01-2 on the second (SUNAT holds it); the
 * database is lost (zero bytes) and the copy restored over it.
 */
async function restoredTill(s: Sandbox): Promise<{ rig: Rig; sales: DocumentSummary[] }> {
  const dataDir = scratch.folder();
  const rig = await till(s, dataDir);
  const sales = [
    await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ clientKey: randomUUID() })),
    await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ clientKey: randomUUID() })),
  ];
  await settled(rig);
  expect(await rig.call<DocumentSummary>('issueNote', wholeReturn(sales[0]!.id))).toMatchObject({ series: 'BC01', number: 1 });
  await settled(rig);
  await rig.call('backupNow');
  expect(await rig.call<DocumentSummary>('issueNote', wholeReturn(sales[1]!.id))).toMatchObject({ series: 'BC01', number: 2 });
  await settled(rig);
  const copy = (await rig.call<{ backups: { path: string; reason: string }[] }>('listBackups')).backups.find((b) => b.reason === 'manual')!;
  await rig.dispose();
  fs.truncateSync(path.join(dataDir, 'caja.db'), 0);
  await applyRestore(copy.path, path.join(dataDir, 'caja.db'), { backupFolder: path.dirname(copy.path), migrationsDir });
  return { rig: await till(s, dataDir), sales };
}

describe('note series after a restore over a damaged database', () => {
  it('are never confirmed by the record lookup, which cannot see notes; a note is refused as a sale is, and jumps ahead when the cashier chooses', async () => {
    const s = await scratch.sandbox();
    const { rig, sales } = await restoredTill(s);

    // Right after the restore: the same answer a sale gets while its series is held, not a bare store error.
    const early = await rig.raw('issueNote', wholeReturn(sales[1]!.id));
    expect(early).toMatchObject({ ok: false, error: { code: 'numbering_unconfirmed' } });

    // The sale series are confirmed against the API; the note series stay held, nothing logged as confirmed.
    await until(rig, () => one(rig, "SELECT COUNT(*) FROM numbering_holds WHERE doc_type IN ('01', '03')") === 0, 400);
    await new Promise((r) => setTimeout(r, 1_000)); // the confirmation goes on to the note series, if it would
    expect(rig.core.db.sqlite.prepare("SELECT series FROM numbering_holds WHERE doc_type = '07' ORDER BY series").pluck().all()).toEqual(['BC01', 'FC01']);
    expect(one(rig, "SELECT COUNT(*) FROM numbering_log WHERE kind = 'confirmed' AND doc_type IN ('07', '08')")).toBe(0);
    expect(one(rig, "SELECT last_number FROM series WHERE series = 'BC01'")).toBe(1);

    const refused = await rig.raw('issueNote', wholeReturn(sales[1]!.id));
    expect(refused).toMatchObject({ ok: false, error: { code: 'numbering_unconfirmed' } });
    const message = (refused as { error: { message: string } }).error.message;
    expect(message).toMatch(/serie BC01/);
    expect(message).toMatch(/la nota NO se emitió/);
    expect(message).toContain(`continuar desde BC01-${String(1 + JUMP_MARGIN + 1).padStart(8, '0')}`);
    expect(one(rig, "SELECT COUNT(*) FROM documents WHERE doc_type = '07'")).toBe(1);

    // The cashier chooses to jump: never BC01-2, which SUNAT already holds. (Sale 2 is credited in full at SUNAT by
    // that lost note: the jump is shown on a sale made after the restore.)
    const sale = await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ clientKey: randomUUID() }));
    await settled(rig);
    const jumped = await rig.call<DocumentSummary>('issueNote', wholeReturn(sale.id, { confirmed: ['numbering_jump'] }));
    expect(jumped).toMatchObject({ series: 'BC01', number: 1 + JUMP_MARGIN + 1 });
    expect(one(rig, "SELECT detail FROM numbering_log WHERE kind = 'jumped' AND series = 'BC01'")).toMatch(/eligió continuar sin confirmar/);
    await settled(rig);
    const notes = s.declarations().map((d) => d.key).filter((k) => k.includes('-07-BC01-'));
    expect(notes.sort()).toEqual([...new Set(notes)].sort());
    expect(notes).toHaveLength(3);
  }, 60_000);
});
