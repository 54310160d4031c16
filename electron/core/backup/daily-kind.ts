// Whether today's daily copy is kept whole or as a differential, and against which full copy. A full daily copy is
// taken once a week (when the newest sound one is 7 days old, or already has 6 differentials, or there is none, or
// its page map is missing or does not match it); the days between keep only what changed since it.
import fs from 'node:fs';
import path from 'node:path';
import { makePrivate } from '../db/private-file';
import type { BackupInfo } from '../../../shared/bridge/backup';
import { basesOf, listFolder, readCatalog, recordBackup, type CatalogEntry } from './catalog';
import { writeDifferential } from './differential';
import { isDifferentialName } from './naming';
import { readSidecar, type PageMap } from './page-hashes';
import { hasTable, withReadOnly } from './sqlite-file';
import type { Verification } from './verify';

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
 * Keeps the verified image `image` as a differential `fileName` against `base` and records it. Returns null (the
 * caller keeps the image as a full copy) when that cannot be done or would not save much; the image is left alone.
 */
export async function keepDifferential(
  folder: string,
  image: string,
  fileName: string,
  base: DifferentialBase,
  verification: Verification,
  /** Evaluated once the differential is written, so its time counts the whole copy. */
  entryBase: () => Pick<CatalogEntry, 'reason' | 'createdAt' | 'durationMs'>,
): Promise<KeptDifferential | null> {
  const dest = path.join(folder, fileName);
  if (fs.statSync(image).size < MIN_DIFFERENTIAL_IMAGE_BYTES) return null;
  try {
    const maxEventId = withReadOnly(image, (sqlite) =>
      hasTable(sqlite, 'document_events') ? (sqlite.prepare('SELECT COALESCE(MAX(id), 0) FROM document_events').pluck().get() as number) : 0,
    );
    const written = await writeDifferential(image, base, dest, {
      documents: verification.documents,
      maxDocumentId: verification.maxDocumentId,
      maxEventId,
    });
    if (written.header.changedPages > written.header.pageCount * MAX_CHANGED_SHARE) {
      fs.rmSync(dest, { force: true });
      return null;
    }
    makePrivate(dest);
    const entry: CatalogEntry = {
      ...entryBase(),
      fileName,
      size: written.size,
      sha256: written.sha256,
      mtimeMs: fs.statSync(dest).mtimeMs,
      documents: verification.documents,
      maxDocumentId: verification.maxDocumentId,
      check: 'ok',
      message: null,
      base: base.fileName,
    };
    recordBackup(folder, entry);
    const { maxDocumentId: _max, sha256: _sha, mtimeMs: _mtime, base: _base, ...info } = entry;
    return { entry, info: { ...info, path: dest } };
  } catch {
    fs.rmSync(dest, { force: true });
    return null;
  }
}
