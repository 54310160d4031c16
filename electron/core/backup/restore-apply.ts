// applyRestore: puts a backup in place of the live database. Call it only with the core stopped and closed (the
// shell does it after the user confirmed the plan). Steps, each refusing to go on if the previous one failed:
//  1. validate the backup again (it may have changed since the plan);
//  2. save the current database into the backup folder (reason 'pre_restore'); a damaged one is copied as raw
//     bytes, so even a broken file is never thrown away;
//  3. copy the backup (through SQLite) to a temporary file next to the live one; bring it to this app's schema; carry
//     into it every live document it lacks (carry-documents.ts: a restore never loses a sale); raise each series' last
//     number to the live one (a restored till must never reuse a number already issued) and keep the live 'backup'
//     setting;
//  4. fsync it, remove the live -wal/-shm (they belong to the old file and would corrupt the new one), rename over
//     the live file, fsync the folder.
// A damaged live file is salvaged first (salvage.ts: every sale still readable, with its status, is carried
// into the copy and each series raised to the highest number read), and when the live file was damaged or missing
// every series of the restored file is held (numbering_holds) until the core confirms its next number against the
// API (services/numbering.ts): the lost part may hold numbers SUNAT already registered. A disk that fails (full,
// read-only, I/O error) is not damage: nothing is restored over it.
import { makePrivate } from '../db/private-file';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openSqlite } from '../db/sqlite-driver';
import type { BackupInfo } from '../../../shared/bridge/backup';
import { lockDataFolder, placeNumberingHolds, type Clock, type DocType, type KnownLast } from '../db';
import { openDatabase } from '../db/open';
import { clearDamageMark } from '../db/damage-mark';
import { CoreError } from '../services/errors';
import { attachLive, carryMissingDocuments, dropClashingSalvaged, type CarryResult } from './carry-documents';
import { recordBackup } from './catalog';
import { createBackup } from './create';
import { withCopyImage } from './copy-image';
import { checkDatabaseFile, validateBackupFileOffThread } from './inspect';
import { backupFileName } from './naming';
import { noteSeriesNamed } from './note-series';
import { fsyncFile, fsyncFolder, messageOf, withReadOnly, withReadOnlyAsync } from './sqlite-file';
import { raiseSeries as raiseToKnown, removeSalvage, salvageDatabase, type Salvage } from './salvage';

export interface ApplyRestoreOptions {
  /** Where the 'pre_restore' copy of the current database goes. */
  backupFolder: string;
  migrationsDir: string;
  now?: Clock;
}

export interface SeriesAdvance {
  docType: DocType;
  series: string;
  from: number;
  to: number;
}

export interface ApplyRestoreResult {
  /** The copy of the database as it was before the restore; null when there was no live file. */
  preRestoreBackup: BackupInfo | null;
  restoredDocuments: number;
  /** Series whose numbering was moved forward to the live database's last number. */
  seriesAdvanced: SeriesAdvance[];
  /** False when the live file was damaged (its numbering could not be read: check it against the API). */
  liveWasReadable: boolean;
  /** Live documents the copy lacked, carried into the restored database (from the salvage when the live file was damaged). */
  carried: CarryResult;
  /** What could be read from a damaged live file (null when it was sound or missing). */
  salvaged: { documents: number; unreadable: number } | null;
  /** True when every series is held until its next number is confirmed (the live file was damaged or missing). */
  numberingHeld: boolean;
}

/** Settings that describe this installation rather than the data, kept from the live database. */
/**
 * Installation settings the live file keeps over the copy's: the backups folder, and this till's lease on its identity
 * at the shop server (the copy's older lease would make the restored till look like a copied data folder).
 */
const KEPT_SETTINGS = ['backup', 'shopLease'];
/** When the live lease cannot be read, the restored till takes its identity back at its next contact (till-lease.ts). */
const RECLAIM_SETTING = { key: 'shopLeaseReclaim', value: 'true' };
/**
 * A copy restored where no database was (a new PC, a replaced disk) cannot show it is the till the copy came from: that
 * till may still be selling. It becomes a new till of the shop server: the copy's identity, lease and confirmed note
 * series go, and it sells only once the server confirmed its series as its own (shop-link.ts guardSeries).
 */
const NEW_TILL_DROPPED = ['terminalId', 'shopLease', 'shopLeaseReclaim', 'shopNoteSeriesClaimed'];
export const SERIES_CLAIM_PENDING_KEY = 'shopSeriesClaimPending';

export async function applyRestore(file: string, livePath: string, options: ApplyRestoreOptions): Promise<ApplyRestoreResult> {
  const now = options.now ?? (() => new Date());
  if (path.resolve(file) === path.resolve(livePath)) {
    throw new CoreError('backup_invalid', 'El archivo elegido es la base de datos actual, no una copia.');
  }
  // A differential copy is restored from its rebuilt image (copy-image.ts), checked like any copy.
  return withCopyImage(file, async (image) => {
    const restored = await validateBackupFileOffThread(image, options.migrationsDir);
    // No core may hold the folder while its database is replaced (one process per data folder).
    const lock = lockDataFolder(path.dirname(path.resolve(livePath)));
    try {
      return await applyLocked(image, livePath, options, now, restored.documents.count);
    } finally {
      lock.release();
    }
  });
}

async function applyLocked(file: string, livePath: string, options: ApplyRestoreOptions, now: Clock, restoredDocuments: number): Promise<ApplyRestoreResult> {
  const liveCheck = checkDatabaseFile(livePath);
  const liveState = liveCheck.state;
  if (liveState === 'unavailable') {
    throw new CoreError('restore_failed', `${liveCheck.reason ?? 'El disco no responde.'} No se restauró nada: el archivo no está dañado.`);
  }
  const preRestoreBackup = await saveCurrent(livePath, liveState, options, now);
  const liveWasReadable = liveState === 'ok';
  const liveSeries = liveWasReadable ? readSeries(livePath) : [];
  const kept = liveWasReadable ? readSettings(livePath, KEPT_SETTINGS) : [];
  const newTill = liveState === 'missing';
  const liveSettings = newTill ? [...kept, { key: SERIES_CLAIM_PENDING_KEY, value: 'true' }] : kept.some((s) => s.key === 'shopLease') ? kept : [...kept, RECLAIM_SETTING];

  const folder = path.dirname(path.resolve(livePath));
  const stamp = `${process.pid}-${Date.now()}`;
  const temp = path.join(folder, `.${path.basename(livePath)}.restore-${stamp}.tmp`);
  let salvage: Salvage | null = null;
  let prepared: { seriesAdvanced: SeriesAdvance[]; carried: CarryResult };
  try {
    // What is still readable of a damaged live file (its raw bytes are already saved as the pre_restore copy).
    if (liveState === 'corrupt') {
      salvage = salvageDatabase(livePath, path.join(folder, `.${path.basename(livePath)}.salvage-${stamp}.tmp`), options.migrationsDir);
    }
    // Through SQLite rather than a byte copy, so a WAL-mode file brings along what is still in its -wal.
    await withReadOnlyAsync(file, (sqlite) => sqlite.backup(temp));
    // An older copy is brought to this app's schema first, so the live rows fit (no backup of a temp file).
    openDatabase({ path: temp, migrationsDir: options.migrationsDir, onBeforeMigrate: () => {} }).close();
    prepared = prepareCopy(temp, liveSeries, liveSettings, liveWasReadable ? livePath : salvage?.file, {
      dropSettings: newTill ? NEW_TILL_DROPPED : [],
      known: salvage?.known ?? [],
      hold: liveWasReadable ? null : holdDetail(liveState, salvage),
      at: now().toISOString(),
    });
    fsyncFile(temp);
  } catch (error) {
    for (const f of [temp, `${temp}-journal`, `${temp}-wal`, `${temp}-shm`]) fs.rmSync(f, { force: true });
    if (error instanceof CoreError) throw error;
    throw new CoreError('restore_failed', `No se pudo preparar la restauración: ${messageOf(error)}. No se cambió nada.`);
  } finally {
    if (salvage) removeSalvage(salvage.file);
  }
  for (const side of [`${livePath}-wal`, `${livePath}-shm`, `${livePath}-journal`]) fs.rmSync(side, { force: true });
  fs.renameSync(temp, livePath);
  fsyncFolder(folder);
  // The mark of a damage found in the background belonged to the file just replaced.
  clearDamageMark(livePath);
  return {
    preRestoreBackup,
    restoredDocuments,
    liveWasReadable,
    ...prepared,
    salvaged: salvage ? { documents: salvage.documents, unreadable: salvage.unreadable } : null,
    numberingHeld: !liveWasReadable,
  };
}

function holdDetail(state: 'corrupt' | 'missing', salvage: Salvage | null): string {
  if (state === 'missing') return 'Restauración de una copia sin la base de datos anterior (no existía)';
  return (
    `Restauración de una copia sobre una base de datos dañada (${salvage ? `${salvage.documents} comprobantes leídos, ` +
      `${salvage.unreadable} registros ilegibles` : 'nada legible'})`
  );
}

async function saveCurrent(
  livePath: string,
  state: ReturnType<typeof checkDatabaseFile>['state'],
  options: ApplyRestoreOptions,
  now: Clock,
): Promise<BackupInfo | null> {
  if (state === 'missing') return null;
  let info: BackupInfo;
  try {
    info = state === 'ok' ? await backupHealthy(livePath, options, now) : copyDamaged(livePath, options, now);
  } catch (error) {
    throw new CoreError(
      'restore_failed',
      `No se pudo guardar una copia de la base de datos actual (${messageOf(error)}). No se restauró nada.`,
    );
  }
  if (state === 'ok' && info.check !== 'ok') {
    throw new CoreError(
      'restore_failed',
      `La copia de la base de datos actual no pasó la verificación (${info.message ?? ''}). No se restauró nada.`,
    );
  }
  return info;
}

async function backupHealthy(livePath: string, options: ApplyRestoreOptions, now: Clock): Promise<BackupInfo> {
  const sqlite = openSqlite(livePath, { fileMustExist: true });
  try {
    return await createBackup(sqlite, { folder: options.backupFolder, reason: 'pre_restore', now });
  } finally {
    sqlite.close();
  }
}

/** Raw bytes of a damaged database (and its -wal), recorded as failed so it is never offered for a restore. */
function copyDamaged(livePath: string, options: ApplyRestoreOptions, now: Clock): BackupInfo {
  fs.mkdirSync(options.backupFolder, { recursive: true });
  const at = now();
  let sequence = 1;
  let fileName = backupFileName('pre_restore', at);
  while (fs.existsSync(path.join(options.backupFolder, fileName))) fileName = backupFileName('pre_restore', at, ++sequence);
  const dest = path.join(options.backupFolder, fileName);
  fs.copyFileSync(livePath, dest);
  fsyncFile(dest);
  if (fs.existsSync(`${livePath}-wal`)) fs.copyFileSync(`${livePath}-wal`, `${dest}-wal`);
  makePrivate(dest, `${dest}-wal`);
  const info: BackupInfo = {
    fileName, path: dest, reason: 'pre_restore', createdAt: at.toISOString(), size: fs.statSync(dest).size,
    documents: null, check: 'failed', durationMs: null,
    message: 'Copia de una base de datos dañada, guardada tal cual antes de restaurar (no se puede restaurar).',
  };
  recordBackup(options.backupFolder, { ...info, maxDocumentId: null });
  return info;
}

interface SeriesLast {
  doc_type: DocType;
  series: string;
  last_number: number;
}

function readSeries(file: string): SeriesLast[] {
  return withReadOnly(file, (sqlite) => sqlite.prepare('SELECT doc_type, series, last_number FROM series').all() as SeriesLast[]);
}

function readSettings(file: string, keys: string[]): { key: string; value: string }[] {
  return withReadOnly(file, (sqlite) => {
    const get = sqlite.prepare('SELECT key, value FROM settings WHERE key = ?');
    return keys.flatMap((key) => (get.get(key) as { key: string; value: string } | undefined) ?? []);
  });
}

/**
 * Rollback journal, live documents the copy lacks carried over, numbering raised to the live one, installation
 * settings kept, all in one transaction. Returns the series moved and what was carried.
 */
function prepareCopy(
  temp: string,
  liveSeries: SeriesLast[],
  liveSettings: { key: string; value: string }[],
  livePath: string | undefined,
  recovery: { known: KnownLast[]; hold: string | null; at: string; dropSettings: readonly string[] },
): { seriesAdvanced: SeriesAdvance[]; carried: CarryResult } {
  const sqlite = openSqlite(temp, { fileMustExist: true });
  try {
    if (sqlite.pragma('journal_mode', { simple: true }) !== 'delete') sqlite.pragma('journal_mode = DELETE');
    const detach = livePath ? attachLive(sqlite, livePath) : () => {};
    try {
      return sqlite.transaction(() => {
        if (livePath && recovery.hold) {
          // A salvaged row that clashes with the copy's document under the same number is garbage: the copy's wins.
          dropClashingSalvaged(sqlite);
        }
        const carried = livePath ? carryMissingDocuments(sqlite) : { carried: 0, undeclared: 0, refreshed: 0 };
        const seriesAdvanced = raiseSeries(sqlite, liveSeries);
        raiseToKnown(sqlite, recovery.known);
        const drop = sqlite.prepare('DELETE FROM settings WHERE key = ?');
        for (const key of recovery.dropSettings) drop.run(key);
        keepSettings(sqlite, liveSettings);
        if (recovery.hold) placeNumberingHolds(sqlite, 'restore', recovery.at, [...recovery.known, ...noteSeriesNamed(sqlite)], recovery.hold);
        return { carried, seriesAdvanced };
      })();
    } finally {
      detach();
    }
  } finally {
    sqlite.close();
  }
}

/** Each series' last number raised to the live one (never reuse a number already issued). Returns the series moved. */
function raiseSeries(sqlite: Database.Database, liveSeries: SeriesLast[]): SeriesAdvance[] {
  const current = sqlite.prepare('SELECT last_number FROM series WHERE doc_type = ? AND series = ?');
  const upsert = sqlite.prepare(`INSERT INTO series (doc_type, series, last_number) VALUES (?, ?, ?)
    ON CONFLICT (doc_type, series) DO UPDATE SET last_number = MAX(last_number, excluded.last_number)`);
  const advanced: SeriesAdvance[] = [];
  for (const s of liveSeries) {
    const before = (current.get(s.doc_type, s.series) as { last_number: number } | undefined)?.last_number ?? 0;
    if (s.last_number > before) {
      upsert.run(s.doc_type, s.series, s.last_number);
      advanced.push({ docType: s.doc_type, series: s.series, from: before, to: s.last_number });
    }
  }
  return advanced;
}

function keepSettings(sqlite: Database.Database, liveSettings: { key: string; value: string }[]): void {
  const setSetting = sqlite.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  for (const { key, value } of liveSettings) setSetting.run(key, value);
}
