// A Caja that ships a newer PostgreSQL major than its data folder's never deletes data: the old folder is
// kept, renamed, and the newest verified dump is restored into a cluster of the shipped major. The old major is
// simulated by the data folder's PG_VERSION marker (only one major is installed here); the data is real.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerBackups } from '../../../electron/core/server-host/backups';
import { ServerHost } from '../../../electron/core/server-host/host';
import { shippedMajor } from '../../../electron/core/server-host/pg-programs';
import { memorySecretStore } from '../../../electron/core/services/secrets';

let dir: string;
let host: ServerHost;
let backups: ServerBackups;
const migrationsDir = path.resolve('migrations');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-host-up-'));
  // One instant for the whole file: the attempts name their kept folders with the same stamp, as two attempts in the
  // same second do, and a kept folder must never be taken for the next one's name.
  const started = new Date();
  host = new ServerHost({ dataDir: dir, secrets: memorySecretStore(), migrationsDir, shopName: () => 'Bodega', now: () => started });
  await host.enable(0);
  backups = new ServerBackups(host, { folder: () => path.join(dir, 'copias'), migrationsDir });
}, 120_000);

afterAll(async () => {
  await host?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a new PostgreSQL major', () => {
  it('is adopted by dump and restore; the old data folder stays, renamed', async () => {
    const pool = host.ownerPool();
    await pool.query("INSERT INTO terminals (terminal_id, name) VALUES ('t1', 'Caja 1')");
    await pool.end();
    const atStop = await backups.dumpNow('al-detener');
    expect(atStop.check).toBe('unverified'); // not restored at the quit: restoring it is the upgrade itself
    await host.stop();
    const older = String(shippedMajor() - 1);
    fs.writeFileSync(path.join(host.paths.data, 'PG_VERSION'), `${older}\n`);

    await expect(host.start()).rejects.toThrow(`Los datos del servidor son de PostgreSQL ${older}`);
    expect(host.status().versionNote).toContain(`Datos de PostgreSQL ${older}`);

    const { keptFolder } = await host.adoptShippedMajor(() => backups.newestForUpgrade());
    expect(fs.readFileSync(path.join(keptFolder, 'PG_VERSION'), 'utf8').trim()).toBe(older);
    expect(fs.existsSync(path.join(keptFolder, 'base'))).toBe(true);
    expect(host.status()).toMatchObject({ running: true, versionNote: null });
    const after = host.ownerPool();
    expect((await after.query('SELECT terminal_id, name FROM terminals')).rows).toEqual([{ terminal_id: 't1', name: 'Caja 1' }]);
    await after.end();
  }, 120_000);

  it('when the dump does not restore, the old folder is put back as it was', async () => {
    await backups.dumpNow('al-detener');
    await host.stop();
    const newest = backups.newestForUpgrade()!;
    fs.writeFileSync(newest, fs.readFileSync(newest).subarray(0, 200)); // cut short
    const older = String(shippedMajor() - 1);
    fs.writeFileSync(path.join(host.paths.data, 'PG_VERSION'), `${older}\n`);
    await expect(host.adoptShippedMajor(() => backups.newestForUpgrade())).rejects.toThrow('Los datos siguen como estaban');
    expect(fs.readFileSync(path.join(host.paths.data, 'PG_VERSION'), 'utf8').trim()).toBe(older);
    expect(fs.readdirSync(host.paths.root).some((f) => f.startsWith(`datos-intento-pg${shippedMajor()}-`))).toBe(true);
    expect(host.status().running).toBe(false);
  }, 120_000);

  it('without a verified dump, refuses and leaves the data where it is', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-host-up2-'));
    const h = new ServerHost({ dataDir: bare, secrets: memorySecretStore(), migrationsDir, shopName: () => 'Bodega' });
    fs.mkdirSync(h.paths.data, { recursive: true });
    fs.writeFileSync(path.join(h.paths.data, 'PG_VERSION'), '17\n');
    await expect(h.adoptShippedMajor(() => null)).rejects.toThrow('No hay una copia verificada');
    expect(fs.readFileSync(path.join(h.paths.data, 'PG_VERSION'), 'utf8')).toBe('17\n');
    fs.rmSync(bare, { recursive: true, force: true });
  });
});
