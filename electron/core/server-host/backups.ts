// The care of the shop server Caja hosts: a daily dump into the backups folder's `servidor-tienda`
// subfolder, verified by restoring it into a scratch database, rotated as the till's daily copies are (the newest
// KEEP_DAILY sound ones stay; a failed one stays until a newer sound one exists; manual ones and the copies taken
// before a restore are never rotated), and restorable from Ajustes (the current database is kept, renamed).
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ServerDumpView } from '../../../shared/bridge/server-host';
import { KEEP_DAILY } from '../backup/rotation';
import { SHOP_DATABASE } from './cluster';
import { writeDump } from './dump';
import type { ServerHost } from './host';
import { restoreDump } from './restore';

export const SERVER_DUMP_SUFFIX = '.cajapg.gz';
const NAME = /^servidor-(\d{8}-\d{6})-(diaria|al-detener|manual|antes-de-restaurar)\.cajapg\.gz$/;

/**
 * A dump as the core lists it: what the renderer is shown (its schema lives in the bridge, shared/bridge/server-host.ts)
 * and its path, which stays in the core. al-detener: taken as the server stops (the newest two stay), what a new
 * PostgreSQL major restores.
 */
export type ServerDump = ServerDumpView & { path: string };

const CheckFileSchema = z.record(z.string(), z.object({ check: z.enum(['ok', 'failed']), message: z.string().nullable(), rows: z.number().int().nullable() }));
const CHECKS_FILE = 'verificaciones.json';

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

export class ServerBackups {
  constructor(
    private readonly host: ServerHost,
    private readonly o: { folder: () => string; migrationsDir: string; now?: () => Date; keepDaily?: number },
  ) {}

  private now(): Date {
    return this.o.now ? this.o.now() : new Date();
  }

  dir(): string {
    return path.join(this.o.folder(), 'servidor-tienda');
  }

  private checks(): z.infer<typeof CheckFileSchema> {
    try {
      return CheckFileSchema.parse(JSON.parse(fs.readFileSync(path.join(this.dir(), CHECKS_FILE), 'utf8')));
    } catch {
      return {};
    }
  }

  private saveChecks(checks: z.infer<typeof CheckFileSchema>): void {
    const file = path.join(this.dir(), CHECKS_FILE);
    fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(checks)}\n`, { mode: 0o600 });
    fs.renameSync(`${file}.tmp`, file);
  }

  /** Newest first. */
  list(): ServerDump[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir());
    } catch {
      return [];
    }
    const checks = this.checks();
    const out: ServerDump[] = [];
    for (const fileName of names) {
      const m = NAME.exec(fileName);
      if (!m) continue;
      const file = path.join(this.dir(), fileName);
      const c = checks[fileName];
      const s = m[1]!;
      const createdAt = `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}`;
      out.push({ fileName, path: file, reason: m[2] as ServerDump['reason'], createdAt, size: fs.statSync(file).size, check: c?.check ?? 'unverified', message: c?.message ?? null, rows: c?.rows ?? null });
    }
    return out.sort((a, b) => b.fileName.slice(9, 24).localeCompare(a.fileName.slice(9, 24)));
  }

  /**
   * Dumps the shop database, verifies the file by restoring it into a scratch database, then rotates. The dump taken
   * as Caja quits is not verified then (a restore takes longer than the dump and would hold the quit); it is whole
   * or absent (written aside, then renamed), and the one place it is used, a new major (host.ts), restores it and
   * puts the old folder back if that fails.
   */
  async dumpNow(reason: ServerDump['reason'] = 'manual'): Promise<ServerDump> {
    fs.mkdirSync(this.dir(), { recursive: true, mode: 0o700 });
    const fileName = `servidor-${stamp(this.now())}-${reason}${SERVER_DUMP_SUFFIX}`;
    const file = path.join(this.dir(), fileName);
    const partial = `${file}.parcial`;
    const pool = this.host.ownerPool();
    try {
      const client = await pool.connect();
      try {
        await writeDump(client, partial, this.now());
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
    fs.renameSync(partial, file);
    if (reason !== 'al-detener') this.saveChecks({ ...this.checks(), [fileName]: await this.verify(file) });
    if (reason === 'diaria') this.rotate();
    if (reason === 'al-detener') this.rotate(2, 'al-detener');
    return this.list().find((d) => d.fileName === fileName)!;
  }

  /** Restores `file` into a scratch database, compares the rows, drops the scratch database. */
  async verify(file: string): Promise<{ check: 'ok' | 'failed'; message: string | null; rows: number | null }> {
    const scratch = `caja_verificacion_${process.pid}_${Date.now()}`;
    const admin = this.host.ownerPool('postgres');
    try {
      await admin.query(`CREATE DATABASE ${scratch}`);
      const target = this.host.ownerPool(scratch);
      try {
        const result = await restoreDump(target, file, this.o.migrationsDir);
        return { check: 'ok', message: null, rows: Object.values(result.counts).reduce((a, b) => a + b, 0) };
      } catch (e) {
        return { check: 'failed', message: e instanceof Error ? e.message : String(e), rows: null };
      } finally {
        await target.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  }

  /** The till's rule for daily copies (electron/core/backup/rotation.ts), on the server's daily dumps. */
  rotate(keep = this.o.keepDaily ?? KEEP_DAILY, reason: 'diaria' | 'al-detener' = 'diaria'): string[] {
    const daily = this.list().filter((d) => d.reason === reason);
    const doomed: ServerDump[] = [];
    let sound = 0;
    for (const d of daily) {
      if (d.check === 'failed') {
        if (sound > 0) doomed.push(d);
        continue;
      }
      sound += 1;
      if (sound > keep) doomed.push(d);
    }
    for (const d of doomed) fs.rmSync(d.path, { force: true });
    const checks = this.checks();
    for (const d of doomed) delete checks[d.fileName];
    this.saveChecks(checks);
    return doomed.map((d) => d.fileName);
  }

  /** What a new PostgreSQL major restores: the newest dump that passed its check, or a newer one taken at the stop. */
  newestForUpgrade(): string | null {
    return this.list().find((d) => d.check === 'ok' || (d.reason === 'al-detener' && d.check === 'unverified'))?.path ?? null;
  }

  /** True when no daily dump was taken on this local date. */
  dailyDue(): boolean {
    const today = stamp(this.now()).slice(0, 8);
    return !this.list().some((d) => d.reason === 'diaria' && d.check !== 'failed' && d.fileName.slice(9, 17) === today);
  }

  /**
   * Restores a verified dump as the shop database. The current one is first dumped (antes-de-restaurar) and then kept
   * under another name, never dropped: the tills are disconnected and reconnect on their own.
   */
  async restore(fileName: string): Promise<{ keptAs: string }> {
    const dump = this.list().find((d) => d.fileName === fileName);
    if (!dump) throw new Error('No se encontró esa copia del servidor.');
    if (dump.check !== 'ok') {
      const verdict = await this.verify(dump.path);
      this.saveChecks({ ...this.checks(), [fileName]: verdict });
      if (verdict.check !== 'ok') throw new Error(`La copia no se puede restaurar: ${verdict.message ?? 'no pasó la verificación'}`);
    }
    await this.dumpNow('antes-de-restaurar');
    const incoming = `caja_restaurando_${Date.now()}`;
    const keptAs = `caja_antes_${stamp(this.now()).replace('-', '_')}`;
    const admin = this.host.ownerPool('postgres');
    try {
      await admin.query(`CREATE DATABASE ${incoming}`);
      const target = this.host.ownerPool(incoming);
      try {
        await restoreDump(target, dump.path, this.o.migrationsDir);
      } catch (e) {
        await target.end();
        await admin.query(`DROP DATABASE IF EXISTS ${incoming} WITH (FORCE)`).catch(() => undefined);
        throw e;
      }
      await target.end();
      // No till may come back in between: the old database takes no new connections, then its sessions end.
      await admin.query(`ALTER DATABASE ${SHOP_DATABASE} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [SHOP_DATABASE]);
      await admin.query(`ALTER DATABASE ${SHOP_DATABASE} RENAME TO ${keptAs}`);
      await admin.query(`ALTER DATABASE ${incoming} RENAME TO ${SHOP_DATABASE}`);
    } finally {
      await admin.end();
    }
    return { keptAs };
  }
}
