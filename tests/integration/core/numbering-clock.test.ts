// After a recovery the numbering is held until confirmed (or jumped ahead by the cashier's choice, recorded),
// and a doubtful clock at a sale is asked about and recorded. Real core, real SQLite file, real sandbox.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRestore } from '../../../electron/core/backup';
import { defaultMigrationsDir } from '../../../electron/core/db';
import { JUMP_MARGIN } from '../../../electron/core/services/numbering';
import type { Sandbox } from '../../../electron/sandbox';
import type { DocumentSummary } from '../../../shared/bridge';
import { manualClock } from '../../unit/core/backup/helpers';
import { anonymousBoleta, until, type Rig, useScratch } from './harness';

const migrationsDir = defaultMigrationsDir();
const scratch = useScratch('caja-29-');
const sandbox = () => scratch.sandbox();
const folder = () => scratch.folder();

const till = (shared: Sandbox, dataDir: string, now?: () => Date) => scratch.till(shared, dataDir, now ? { now } : undefined);

const one = (rig: Rig, sql: string, ...params: unknown[]) => rig.core.db.sqlite.prepare(sql).pluck().get(...params);
const settled = (rig: Rig) => until(rig, () => one(rig, "SELECT COUNT(*) FROM documents WHERE status <> 'accepted'") === 0, 400);

describe('numbering held after a restore over a damaged database', () => {
  async function restoredTill(s: Sandbox): Promise<Rig> {
    const dataDir = folder();
    const rig = await till(s, dataDir);
    for (let i = 0; i < 5; i++) await rig.call('issueSale', anonymousBoleta());
    await settled(rig);
    await rig.call('backupNow');
    for (let i = 0; i < 5; i++) await rig.call('issueSale', anonymousBoleta());
    await settled(rig);
    const copy = (await rig.call<{ backups: { path: string; reason: string }[] }>('listBackups')).backups.find((b) => b.reason === 'manual')!;
    await rig.dispose();
    fs.truncateSync(path.join(dataDir, 'caja.db'), 0); // nothing of the live file can be read
    await applyRestore(copy.path, path.join(dataDir, 'caja.db'), { backupFolder: path.dirname(copy.path), migrationsDir });
    return till(s, dataDir);
  }

  it('refuses to issue while the API cannot confirm, in plain words, spending no number; jumps ahead when the cashier chooses, and records it', async () => {
    const s = await sandbox();
    s.faults.reset(Infinity, 'query'); // the record lookups never answer
    const rig = await restoredTill(s);

    const refused = await rig.raw('issueSale', anonymousBoleta());
    expect(refused).toMatchObject({ ok: false, error: { code: 'numbering_unconfirmed' } });
    const message = (refused as { error: { message: string } }).error.message;
    expect(message).toMatch(/no pudo confirmar con SUNAT el último número usado de la serie B001/);
    expect(message).toMatch(/la venta NO se emitió/);
    expect(message).toContain(`continuar desde B001-${String(5 + JUMP_MARGIN + 1).padStart(8, '0')}`);
    expect(one(rig, 'SELECT COUNT(*) FROM documents')).toBe(5);
    expect(one(rig, "SELECT last_number FROM series WHERE series = 'B001'")).toBe(5);

    const jumped = await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ confirmed: ['numbering_jump'] }));
    expect(jumped.number).toBe(5 + JUMP_MARGIN + 1);
    expect(one(rig, "SELECT detail FROM numbering_log WHERE kind = 'jumped' AND series = 'B001'")).toMatch(/eligió continuar sin confirmar/);
    // The next sale goes on from there; the factura series is still held until confirmed.
    expect((await rig.call<DocumentSummary>('issueSale', anonymousBoleta())).number).toBe(5 + JUMP_MARGIN + 2);
    expect(one(rig, "SELECT COUNT(*) FROM numbering_holds WHERE series = 'F001'")).toBe(1);
  }, 30_000);

  it('confirms by itself once the API answers and goes on after the highest number the API holds', async () => {
    const s = await sandbox();
    s.faults.reset(Infinity, 'query');
    const rig = await restoredTill(s);
    expect((await rig.raw('issueSale', anonymousBoleta())).ok).toBe(false);
    s.faults.clear();
    const sale = await rig.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(sale.number).toBe(11);
    expect(one(rig, "SELECT detail FROM numbering_log WHERE kind = 'confirmed' AND series = 'B001'")).toMatch(/API registra hasta 10/);
    await settled(rig);
    expect(new Set(s.declarations().map((d) => d.key)).size).toBe(11);
  }, 30_000);
});

describe('a doubtful clock at a sale', () => {
  it('asks when the clock is before the last sale; the confirmed sale is recorded', async () => {
    const s = await sandbox();
    const clock = manualClock('2026-03-10T15:00:00.000Z');
    const rig = await till(s, folder(), clock.now);
    await rig.call('issueSale', anonymousBoleta());
    clock.advance(-3 * 3_600_000);
    const asked = await rig.raw('issueSale', anonymousBoleta());
    expect(asked).toMatchObject({ ok: false, error: { code: 'clock_confirm' } });
    expect((asked as { error: { message: string } }).error.message).toContain(
      'La fecha y hora de esta computadora (10/03/2026 07:00) es anterior a la de la última venta (10/03/2026 10:00)',
    );
    expect(one(rig, 'SELECT COUNT(*) FROM documents')).toBe(1);
    const sale = await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ confirmed: ['clock'] }));
    expect(sale.number).toBe(2);
    expect(one(rig, "SELECT document_id FROM numbering_log WHERE kind = 'clock'")).toBe(sale.id);
  });

  it('asks when a sale comes over a day after the last one and the time cannot be checked; not when the API vouches for it', async () => {
    const s = await sandbox();
    const DAY = 24 * 3_600_000;
    const clock = manualClock(new Date(Date.now() - 2 * DAY).toISOString());
    const rig = await till(s, folder(), clock.now);
    s.faults.reset(Infinity, 'send'); // offline: nothing answers
    await rig.call('issueSale', anonymousBoleta());
    clock.set(new Date(Date.now() + 365 * DAY).toISOString()); // the clock runs a year ahead
    const asked = await rig.raw('issueSale', anonymousBoleta());
    expect(asked).toMatchObject({ ok: false, error: { code: 'clock_confirm' } });
    expect((asked as { error: { message: string } }).error.message).toMatch(/Han pasado 36\d días desde la última venta .* no tiene conexión/);
    // Online again, but the API's clock says this PC is a year ahead: still asked.
    s.faults.clear();
    await settled(rig);
    expect(await rig.raw('issueSale', anonymousBoleta())).toMatchObject({ ok: false, error: { code: 'clock_confirm' } });
    // The clock is put right and the API agrees: two days after the last sale, nothing is asked.
    clock.set(new Date().toISOString());
    await rig.raw('lookupReceipt', { kind: 'boleta', ruc: '20987654326', series: 'B001', number: '999' });
    expect((await rig.raw('issueSale', anonymousBoleta())).ok).toBe(true);
  }, 30_000);
});
