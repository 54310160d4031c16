// Taking one copy into a folder: a free name, the copy into a temporary file, seal, rename, verify, record.
import { makePrivate } from '../db/private-file';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { BackupInfo, BackupReason } from '../../../shared/bridge/backup';
import { storageKindOf, type Clock } from '../db';
import { CoreError } from '../services/errors';
import { recordBackup, sha256Of, sha256OfAsync, type CatalogEntry } from './catalog';
import { copyOnline, copyWithVacuumInto, removeCopy, type OnlineCopyOptions } from './copy';
import { backupFileName } from './naming';
import { fsyncFolder, messageOf } from './sqlite-file';
import { backupOffThread, type OffThreadResult } from './off-thread';
import { differentialBaseFor, keepLiveDifferential } from './daily-kind';
import { scanImage, writeSidecar } from './page-hashes';
import { WorkerUnavailableError } from './script-worker';
import { judge, verifyCopy, type Verification } from './verify';

export interface CreateBackupOptions extends OnlineCopyOptions {
  folder: string;
  reason: BackupReason;
  now?: Clock;
  /**
   * Copy and verify in a worker thread (default true; see off-thread.ts). false, an in-memory database, or a
   * worker that cannot start: the copy is stepped on the main thread and verified there.
   */
  offThread?: boolean;
  /** Told why the worker could not run when the copy falls back to the main thread (e.g. to log it). */
  onWorkerUnavailable?: (reason: string) => void;
  /** Tries for a consistent read of the live file before a differential gives way to a full copy (live-differential.ts). */
  snapshotAttempts?: number;
}

/**
 * Copies the database with the online backup API, verifies the copy against the live database and records the
 * result in the folder's catalog; by default all of it in a worker thread, so the event loop stays free. A copy that
 * was written but failed verification is kept and returned with check 'failed'; when no copy could be written at
 * all the attempt is recorded and a CoreError('backup_failed') is thrown.
 */
export async function createBackup(sqlite: Database.Database, options: CreateBackupOptions): Promise<BackupInfo> {
  const target = prepare(options);
  const base = options.reason === 'daily' && !sqlite.memory ? differentialBaseFor(options.folder, target.startedAt) : null;
  if (base) {
    const fileName = target.fileName.replace(/\.db$/, '.delta');
    const imageBytes = (sqlite.pragma('page_count', { simple: true }) as number) * (sqlite.pragma('page_size', { simple: true }) as number);
    const kept = await keepLiveDifferential(options.folder, sqlite.name, imageBytes, fileName, base, () => entryBase(options, target), options.snapshotAttempts);
    if (kept) return kept.info;
  }
  if (options.offThread !== false && !sqlite.memory) {
    let result: OffThreadResult | undefined;
    try {
      result = await backupOffThread(sqlite.name, target.temp);
    } catch (error) {
      if (!(error instanceof WorkerUnavailableError)) throw error;
      options.onWorkerUnavailable?.(error.message);
      removeCopy(target.temp); // fall back to the main thread below
    }
    if (result?.kind === 'copy_failed') return fail(options, target, new Error(result.error));
    if (result?.kind === 'copied') return keep(options, target, judge(result.copy, result.live));
  }
  try {
    await copyOnline(sqlite, target.temp, options);
  } catch (error) {
    return fail(options, target, error);
  }
  return keep(options, target, verifyCopy(target.temp, sqlite));
}

/**
 * The verified image becomes the copy; a full daily copy gets its page map (page-hashes.ts) from the same read as its
 * SHA-256, so the next days can be kept as differentials.
 */
async function keep(options: CreateBackupOptions, target: Target, verification: Verification): Promise<BackupInfo> {
  place(options, target);
  if (options.reason !== 'daily' || !verification.ok) return record(options, target, verification, await sha256OfAsync(target.final));
  let sha256: string;
  try {
    const map = await scanImage(target.final);
    sha256 = map.sha256;
    writeSidecar(target.final, map);
  } catch {
    // Without its page map the copy is still a sound full copy; the next daily copy is then a full one too.
    sha256 = await sha256OfAsync(target.final);
  }
  return record(options, target, verification, sha256);
}

/** The same with one synchronous VACUUM INTO (for the pre-migration hook, which cannot wait). */
export function createBackupSync(sqlite: Database.Database, options: CreateBackupOptions): BackupInfo {
  const target = prepare(options);
  try {
    copyWithVacuumInto(sqlite, target.temp);
  } catch (error) {
    return fail(options, target, error);
  }
  place(options, target);
  return record(options, target, verifyCopy(target.final, sqlite), sha256Of(target.final));
}

interface Target {
  fileName: string;
  final: string;
  temp: string;
  startedAt: Date;
  t0: number;
}

function prepare(options: CreateBackupOptions): Target {
  const startedAt = (options.now ?? (() => new Date()))();
  try {
    fs.mkdirSync(options.folder, { recursive: true });
  } catch (error) {
    const kind = storageKindOf(error, path.dirname(options.folder));
    const why = kind === 'disk_full' ? 'no hay espacio en el disco' : kind === 'read_only' ? 'el disco está en solo lectura' : messageOf(error);
    throw new CoreError('backup_failed', `No se pudo crear la carpeta de copias ${options.folder}: ${why}. Elija otra carpeta en Ajustes.`);
  }
  let sequence = 1;
  let fileName = backupFileName(options.reason, startedAt);
  const taken = (name: string) =>
    [name, `${name}.partial`, name.replace(/\.db$/, '.delta')].some((f) => fs.existsSync(path.join(options.folder, f)));
  while (taken(fileName)) {
    sequence += 1;
    fileName = backupFileName(options.reason, startedAt, sequence);
  }
  const final = path.join(options.folder, fileName);
  return { fileName, final, temp: `${final}.partial`, startedAt, t0: performance.now() };
}

function fail(options: CreateBackupOptions, target: Target, error: unknown): never {
  removeCopy(target.temp);
  // A full or read-only disk said plainly, not in SQLite's English.
  const kind = storageKindOf(error, options.folder);
  const why = kind === 'disk_full' ? 'no hay espacio en el disco' : kind === 'read_only' ? 'la carpeta está en solo lectura' : messageOf(error);
  const message = `No se pudo escribir la copia de seguridad en ${options.folder}: ${why}`;
  try {
    recordBackup(options.folder, {
      ...entryBase(options, target),
      size: 0,
      documents: null,
      maxDocumentId: null,
      check: 'failed',
      message,
    });
  } catch {
    // The folder itself is unwritable: the thrown error says so.
  }
  throw new CoreError('backup_failed', `${message}.`);
}

/** The sealed copy gets its final name (a crash before this leaves only a .partial file, never a false copy). */
function place(options: CreateBackupOptions, target: Target): void {
  makePrivate(target.temp);
  fs.renameSync(target.temp, target.final);
  fsyncFolder(options.folder);
}

function record(options: CreateBackupOptions, target: Target, verification: Verification, sha256: string): BackupInfo {
  const stat = fs.statSync(target.final);
  const entry: CatalogEntry = {
    ...entryBase(options, target),
    size: stat.size,
    sha256,
    mtimeMs: stat.mtimeMs,
    documents: verification.documents,
    maxDocumentId: verification.maxDocumentId,
    check: verification.ok ? 'ok' : 'failed',
    message: verification.message,
  };
  recordBackup(options.folder, entry);
  return {
    fileName: entry.fileName,
    path: target.final,
    reason: entry.reason,
    createdAt: entry.createdAt,
    size: entry.size,
    documents: entry.documents,
    check: entry.check,
    message: entry.message,
    durationMs: entry.durationMs,
  };
}

function entryBase(options: CreateBackupOptions, target: Target) {
  return {
    fileName: target.fileName,
    reason: options.reason,
    createdAt: target.startedAt.toISOString(),
    durationMs: Math.round(performance.now() - target.t0),
  };
}
