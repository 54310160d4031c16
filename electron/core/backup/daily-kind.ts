// Whether today's daily copy is kept whole or as a differential, and against which full copy. A full daily copy is
// taken once a week (when the newest sound one is 7 days old, or already has 6 differentials, or there is none, or
// its page map is missing or does not match it); the days between keep only what changed since it.
import fs from 'node:fs';
import path from 'node:path';
import { makePrivate } from '../db/private-file';
import type { BackupInfo } from '../../../shared/bridge/backup';
import { basesOf, listFolder, readCatalog, recordBackup, type CatalogEntry } from './catalog';
import { DIFFERENTIAL_MAGIC, finishDifferential, placeDifferential } from './differential';
import { writeLiveDifferentialPages } from './live-differential';
import { isDifferentialName } from './naming';
import { PAGE_HASH_BYTES, readSidecar, type PageMap } from './page-hashes';
import { judge } from './verify';

export const FULL_EVERY_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A differential that keeps more than this share of the pages is not worth its dependency: the full copy is kept. */
const MAX_CHANGED_SHARE = 0.5;
/** A small database is copied whole every day: its copy costs less than the dependency on a base. */
export const MIN_DIFFERENTIAL_IMAGE_BYTES = 1024 * 1024;

export interface DifferentialBase {
  fileName: string;
  map: PageMap;
}

/** The full copy today's daily copy may be kept against, or null when today's must be a full one. */
export function differentialBaseFor(folder: string, now: Date): DifferentialBase | null {
  const full = listFolder(folder).find((b) => b.reason === 'daily' && b.check === 'ok' && !isDifferentialName(b.fileName));
  if (!full) return null;
  const age = now.getTime() - Date.parse(full.createdAt);
  if (age < 0 || age >= FULL_EVERY_DAYS * DAY_MS) return null;
  const dependants = [...basesOf(folder).values()].filter((base) => base === full.fileName).length;
  if (dependants >= FULL_EVERY_DAYS - 1) return null;
  const recorded = readCatalog(folder).find((e) => e.fileName === full.fileName);
  const map = readSidecar(full.path);
  if (!map || !recorded?.sha256 || map.sha256 !== recorded.sha256) return null;
  return { fileName: full.fileName, map };
}

export interface KeptDifferential {
  info: BackupInfo;
  entry: CatalogEntry;
}

/**
 * Keeps today's daily copy of the live file `livePath` as the differential `fileName` against `base`: the pages that
 * changed are read from the live file and checked in a worker (live-differential.ts), the file is ended, read back
 * and its image rebuilt from the full copy before it gets its name, then recorded. Returns null, leaving nothing
 * behind, when that cannot be done or would not save much: the caller then takes a full copy.
 */
export async function keepLiveDifferential(
  folder: string,
  livePath: string,
  /** The live database's size in pages times the page size (its -wal included). */
  imageBytes: number,
  fileName: string,
  base: DifferentialBase,
  /** Evaluated once the differential is written, so its time counts the whole copy. */
  entryBase: () => Pick<CatalogEntry, 'reason' | 'createdAt' | 'durationMs'>,
  snapshotAttempts?: number,
): Promise<KeptDifferential | null> {
  const dest = path.join(folder, fileName);
  const temp = `${dest}.partial`;
  if (imageBytes < MIN_DIFFERENTIAL_IMAGE_BYTES) return null;
  try {
    const written = await writeLiveDifferentialPages(livePath, base.map, temp, {
      magic: DIFFERENTIAL_MAGIC,
      pageHashBytes: PAGE_HASH_BYTES,
      maxChangedShare: MAX_CHANGED_SHARE,
      attempts: snapshotAttempts,
    });
    if (written.kind !== 'written') return discard(temp);
    const verification = judge(written.copy, written.live);
    if (!verification.ok) return discard(temp);
    const finished = await finishDifferential(temp, {
      version: 1,
      base: base.fileName,
      baseSha256: base.map.sha256,
      pageSize: written.pageSize,
      pageCount: written.pageCount,
      imageSha256: written.imageSha256,
      changedPages: written.changedPages,
      documents: verification.documents,
      maxDocumentId: verification.maxDocumentId,
      maxEventId: written.maxEventId,
    });
    makePrivate(temp);
    placeDifferential(temp, dest);
    const entry: CatalogEntry = {
      ...entryBase(),
      fileName,
      size: finished.size,
      sha256: finished.sha256,
      mtimeMs: fs.statSync(dest).mtimeMs,
      documents: verification.documents,
      maxDocumentId: verification.maxDocumentId,
      check: 'ok',
      message: null,
      base: base.fileName,
    };
    recordBackup(folder, entry);
    const { maxDocumentId: _max, sha256: _sha, mtimeMs: _mtime, ...info } = entry;
    return { entry, info: { ...info, path: dest } };
  } catch {
    fs.rmSync(dest, { force: true });
    return discard(temp);
  }
}

function discard(temp: string): null {
  fs.rmSync(temp, { force: true });
  return null;
}
