// A full disk and a read-only disk, for real, on a small loop-mounted ext4 file system (needs Linux, root
// and loop devices; elsewhere each test is skipped and its name says why). The cashier reads plain Spanish, no number
// is spent, no partial row is left, and a healthy database is never called damaged nor offered a restore.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { MessageBoxOptions } from 'electron';
import { createCore, type Core } from '../../../electron/core/app';
import * as backupApi from '../../../electron/core/backup';
import { defaultMigrationsDir } from '../../../electron/core/db';
import { memorySecretStore } from '../../../electron/core/services/secrets';
import { recoverDatabaseAtStartup } from '../../../electron/shell/startup-recovery';
import type { DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta } from './harness';

interface SmallDisk {
  dir: string;
  remount(mode: 'ro' | 'rw'): void;
  unmount(): void;
}

/** A 16 MB ext4 file system mounted on a temp folder, or why it cannot be had here. */
function mountSmallDisk(): SmallDisk | string {
  if (process.platform !== 'linux') return `needs Linux loop devices (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'needs root to mount a loop device';
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-small-disk-'));
  const image = path.join(root, 'disk.img');
  const dir = path.join(root, 'mnt');
  try {
    fs.mkdirSync(dir);
    fs.writeFileSync(image, '');
    fs.truncateSync(image, 16 * 1024 * 1024);
    execFileSync('mkfs.ext4', ['-q', '-F', '-m', '0', image], { stdio: 'pipe' });
    execFileSync('mount', ['-o', 'loop', image, dir], { stdio: 'pipe' });
  } catch (error) {
    fs.rmSync(root, { recursive: true, force: true });
    const why = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    return `mount -o loop is not permitted here: ${why.split('\n')[0]}`;
  }
  return {
    dir,
    remount: (mode) => execFileSync('mount', ['-o', `remount,${mode}`, dir], { stdio: 'pipe' }),
    unmount() {
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

const disk = mountSmallDisk();
const skipped = typeof disk === 'string' ? disk : null;
afterAll(() => {
  if (typeof disk !== 'string') disk.unmount();
});
const onDisk = () => disk as SmallDisk;

/** Fills the file system with one file until the disk refuses more; returns its path. */
function fill(dir: string): string {
  const filler = path.join(dir, 'relleno.bin');
  const fd = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 7);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  // The last blocks, one small write at a time.
  try {
    for (;;) fs.writeSync(fd, chunk, 0, 512);
  } catch {
    // Full.
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

function scriptedDialog(...responses: number[]) {
  const calls: MessageBoxOptions[] = [];
  return {
    calls,
    showMessageBox: async (options: MessageBoxOptions) => {
      calls.push(options);
      const response = responses.shift();
      if (response === undefined) throw new Error(`unexpected dialog: ${options.message}`);
      return { response };
    },
  };
}

describe(skipped ? `full and read-only disk (skipped: ${skipped})` : 'full and read-only disk, on a small loop-mounted file system', () => {
  it.skipIf(skipped !== null)('a sale on a full disk: "No hay espacio en el disco: la venta NO se registró", no number spent, then selling goes on', async () => {
    const dataDir = path.join(onDisk().dir, 'ventas');
    const core: Core = createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false });
    let filler: string | undefined;
    try {
      for (let i = 0; i < 3; i++) expect((await core.dispatch('issueSale', anonymousBoleta())).ok).toBe(true);
      filler = fill(onDisk().dir);
      const count = () => core.db.sqlite.prepare('SELECT COUNT(*) FROM documents').pluck().get();
      const last = () => core.db.sqlite.prepare("SELECT last_number FROM series WHERE series = 'B001'").pluck().get();
      let refused: Awaited<ReturnType<Core['dispatch']>> | undefined;
      // The disk may still take a sale or two in blocks it had; it refuses the next one.
      for (let i = 0; i < 20 && !refused; i++) {
        const res = await core.dispatch('issueSale', anonymousBoleta());
        if (!res.ok) refused = res;
      }
      expect(refused).toMatchObject({ ok: false, error: { code: 'disk_full' } });
      const message = (refused as { error: { message: string } }).error.message;
      expect(message).toMatch(/^No hay espacio en el disco: la venta NO se registró\./);
      const [countAfter, lastAfter] = [count(), last()];
      expect(countAfter).toBe(lastAfter); // no number spent without its document, no partial row
      // A copy on the full disk fails in plain words too.
      await expect(core.backups.backupNow('manual')).rejects.toThrow(/no hay espacio en el disco/);
      fs.rmSync(filler);
      filler = undefined;
      const next = (await core.dispatch('issueSale', anonymousBoleta())) as { ok: true; value: DocumentSummary };
      expect(next.ok).toBe(true);
      expect(next.value.number).toBe((lastAfter as number) + 1);
      expect(core.db.sqlite.pragma('quick_check', { simple: true })).toBe('ok');
    } finally {
      if (filler) fs.rmSync(filler, { force: true });
      await core.stop();
      core.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it.skipIf(skipped !== null)('a full disk at start: the healthy database is not called damaged and no restore is offered', async () => {
    const dataDir = path.join(onDisk().dir, 'inicio');
    const first = createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false });
    await first.dispatch('issueSale', anonymousBoleta());
    await first.backups.backupNow('manual');
    await first.stop();
    first.close();
    const filler = fill(onDisk().dir);
    try {
      // Reading it needs a few bytes of disk (SQLite's -shm): the disk is full, the file is fine.
      expect(backupApi.checkDatabaseFile(path.join(dataDir, 'caja.db'))).toMatchObject({ state: 'unavailable', kind: 'disk_full' });
      expect(backupApi.checkDatabaseFile(path.join(dataDir, 'caja.db')).reason).toMatch(/^No hay espacio en el disco/);
      let error: unknown;
      try {
        createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false }).close();
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ name: 'StorageError', code: 'disk_full' });
      expect((error as Error).message).toMatch(/^No hay espacio en el disco: Caja no abrió la base de datos/);
      const dialog = scriptedDialog(0);
      const outcome = await recoverDatabaseAtStartup({ dataDir, migrationsDir: defaultMigrationsDir(), dialog, backup: backupApi, log });
      expect(outcome).toBe('quit');
      expect(dialog.calls).toHaveLength(1);
      expect(dialog.calls[0]?.buttons).toEqual(['Salir']);
      expect(dialog.calls[0]?.detail).toMatch(/^No hay espacio en el disco/);
      expect(dialog.calls[0]?.detail).toMatch(/no está dañada: no hace falta restaurar/);
    } finally {
      fs.rmSync(filler, { force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it.skipIf(skipped !== null)('a read-only disk at start: Spanish, not SQLITE_READONLY, and no restore offered', async () => {
    const dataDir = path.join(onDisk().dir, 'solo-lectura');
    const first = createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false });
    await first.dispatch('issueSale', anonymousBoleta());
    await first.stop();
    first.close();
    onDisk().remount('ro');
    try {
      let error: unknown;
      try {
        createCore({ dataDir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false }).close();
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ name: 'StorageError', code: 'read_only' });
      expect((error as Error).message).toMatch(/^El disco o la carpeta de datos de Caja está en solo lectura: Caja no abrió la base de datos/);
      expect((error as Error).message).not.toMatch(/SQLITE_/);
      const check = backupApi.checkDatabaseFile(path.join(dataDir, 'caja.db'));
      expect(check).toMatchObject({ state: 'unavailable', kind: 'read_only' });
    } finally {
      onDisk().remount('rw');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
