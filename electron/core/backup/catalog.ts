// The record of every copy taken into a folder: a small JSON file next to the copies (caja-backups.json). It lives
// with the copies, not in the database, so it survives a restore and follows the folder when the user moves it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BACKUP_CHECKS, BACKUP_REASONS, type BackupInfo } from '../../../shared/bridge/backup';
import { compareNewestFirst, parseBackupFileName, type ParsedBackupName } from './naming';
import { fsyncFile } from './sqlite-file';

export const CATALOG_FILE = 'caja-backups.json';
/** Failed attempts that left no file are kept in the record only this many (the newest). */
const KEEP_FAILED_WITHOUT_FILE = 10;

const EntrySchema = z.object({
  fileName: z.string(),
  reason: z.enum(BACKUP_REASONS),
  createdAt: z.string(),
  size: z.number(),
  documents: z.number().nullable(),
  maxDocumentId: z.number().nullable().optional(),
  check: z.enum(BACKUP_CHECKS),
  message: z.string().nullable(),
  durationMs: z.number().nullable(),
  /** The copy's SHA-256 and modification time when it was recorded (absent in older records). */
  sha256: z.string().optional(),
  mtimeMs: z.number().optional(),
  /** A differential copy's full copy (file name in the same folder), which must stay as it was. */
  base: z.string().optional(),
});
export type CatalogEntry = z.infer<typeof EntrySchema>;

const CatalogSchema = z.object({ version: z.literal(1), backups: z.array(EntrySchema) });

/** The recorded entries; a missing or unreadable record is an empty one (its copies then show as unverified). */
export function readCatalog(folder: string): CatalogEntry[] {
  try {
    const parsed = CatalogSchema.safeParse(JSON.parse(fs.readFileSync(path.join(folder, CATALOG_FILE), 'utf8')));
    return parsed.success ? parsed.data.backups : [];
  } catch {
    return [];
  }
}

/** Replaces the record atomically (temp file, fsync, rename). */
export function writeCatalog(folder: string, entries: CatalogEntry[]): void {
  const file = path.join(folder, CATALOG_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify({ version: 1, backups: entries }, null, 2)}\n`, 'utf8');
  fsyncFile(temp);
  fs.renameSync(temp, file);
}

/** Adds (or replaces, by file name) one entry, dropping stale failed attempts that left no file. */
export function recordBackup(folder: string, entry: CatalogEntry): void {
  const others = readCatalog(folder).filter((e) => e.fileName !== entry.fileName);
  writeCatalog(folder, prune(folder, [entry, ...others]));
}

/** Removes entries by file name. */
export function forgetBackups(folder: string, fileNames: readonly string[]): void {
  if (fileNames.length === 0) return;
  const drop = new Set(fileNames);
  writeCatalog(folder, readCatalog(folder).filter((e) => !drop.has(e.fileName)));
}

function prune(folder: string, entries: CatalogEntry[]): CatalogEntry[] {
  let failedWithoutFile = 0;
  return sortNewestFirst(entries).filter((e) => {
    if (fs.existsSync(path.join(folder, e.fileName))) return true;
    if (e.check !== 'failed') return false;
    failedWithoutFile += 1;
    return failedWithoutFile <= KEEP_FAILED_WITHOUT_FILE;
  });
}

/**
 * Every copy in the folder, newest first: recorded ones with their check, copies found without a record as
 * 'unverified', and failed attempts that left no file (so the user sees that a copy failed and why).
 */
export function listFolder(folder: string): BackupInfo[] {
  const recorded = new Map(readCatalog(folder).map((e) => [e.fileName, e]));
  const result: BackupInfo[] = [];
  let names: string[] = [];
  try {
    names = fs.readdirSync(folder);
  } catch {
    names = [];
  }
  const present = new Set<string>();
  for (const fileName of names) {
    const parsed = parseBackupFileName(fileName);
    if (!parsed) continue;
    let size: number;
    try {
      const stat = fs.statSync(path.join(folder, fileName));
      if (!stat.isFile()) continue;
      size = stat.size;
    } catch {
      continue;
    }
    present.add(fileName);
    const entry = recorded.get(fileName);
    result.push(
      entry
        ? infoOf(folder, checkedAgainstRecord(folder, entry, size))
        : {
            fileName, path: path.join(folder, fileName), reason: parsed.reason, createdAt: parsed.createdAt, size,
            documents: null, check: 'unverified', message: 'Copia no registrada por Caja en esta carpeta; se verificará al restaurarla.',
            durationMs: null,
          },
    );
  }
  for (const entry of recorded.values()) {
    if (!present.has(entry.fileName) && entry.check === 'failed') result.push(infoOf(folder, entry));
  }
  return sortNewestFirst(withSoundBases(result, recorded));
}

/**
 * A differential copy is only as good as its full copy: one whose base is gone, or failed its own check (changed
 * since it was made), is failed too, and so never offered for a restore nor counted as a kept copy.
 */
function withSoundBases(infos: BackupInfo[], recorded: Map<string, CatalogEntry>): BackupInfo[] {
  const byName = new Map(infos.map((b) => [b.fileName, b]));
  return infos.map((info) => {
    const base = recorded.get(info.fileName)?.base;
    if (base === undefined || info.check === 'failed') return info;
    const full = byName.get(base);
    if (full && full.check !== 'failed' && full.size > 0) return info;
    const why = full ? `cambió o está dañada (${full.message ?? 'no pasó la verificación'})` : 'ya no está en la carpeta';
    return {
      ...info,
      check: 'failed' as const,
      message: `Esta copia diferencial necesita la copia completa ${base}, que ${why}: no se puede restaurar.`,
    };
  });
}

/** The differential copies recorded in `folder` with the full copy each needs. */
export function basesOf(folder: string): Map<string, string> {
  return new Map(readCatalog(folder).flatMap((e) => (e.base ? [[e.fileName, e.base] as const] : [])));
}

/**
 * A recorded copy as it is now: its size must be the recorded one (a truncated copy once showed as "ok, 22
 * comprobantes"), and when the file was modified since (its time changed) its SHA-256 must be the recorded one too.
 * A copy that changed is shown as failed, with why, and is never offered for a restore.
 */
function checkedAgainstRecord(folder: string, entry: CatalogEntry, size: number): CatalogEntry {
  if (entry.check === 'failed') return { ...entry, size };
  if (size !== entry.size) {
    return {
      ...entry,
      size,
      check: 'failed',
      message:
        `La copia cambió desde que se hizo: tenía ${entry.size} bytes y ahora tiene ${size}. Está incompleta o dañada; no se ` +
        'puede restaurar.',
    };
  }
  if (entry.sha256 && entry.mtimeMs !== undefined) {
    const file = path.join(folder, entry.fileName);
    try {
      if (fs.statSync(file).mtimeMs !== entry.mtimeMs && sha256Of(file) !== entry.sha256) {
        return { ...entry, check: 'failed', message: 'El contenido de la copia cambió desde que se hizo: está dañada; no se puede restaurar.' };
      }
    } catch {
      return { ...entry, check: 'failed', message: 'La copia no se puede leer.' };
    }
  }
  return entry;
}

/** SHA-256 of a file, read in chunks (hex). */
export function sha256Of(file: string): string {
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(1024 * 1024);
    for (let read = fs.readSync(fd, chunk); read > 0; read = fs.readSync(fd, chunk)) hash.update(chunk.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** sha256Of without holding the event loop (a copy may be hundreds of MB). */
export async function sha256OfAsync(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function infoOf(folder: string, entry: CatalogEntry): BackupInfo {
  return {
    fileName: entry.fileName,
    path: path.join(folder, entry.fileName),
    reason: entry.reason,
    createdAt: entry.createdAt,
    size: entry.size,
    documents: entry.documents,
    check: entry.check,
    message: entry.message,
    durationMs: entry.durationMs,
    ...(entry.base === undefined ? {} : { base: entry.base }),
  };
}

function sortNewestFirst<T extends { fileName: string; createdAt: string }>(items: T[]): T[] {
  const key = (item: T): ParsedBackupName =>
    parseBackupFileName(item.fileName) ?? { reason: 'manual', createdAt: item.createdAt, sequence: 1 };
  return [...items].sort((a, b) => compareNewestFirst(key(a), key(b)));
}
