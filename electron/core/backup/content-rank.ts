// Which copy is newest, by what it holds rather than by the clock. A copy's name carries the PC's clock at
// the moment it was taken; a clock run a year ahead names a copy of 2 sales as the newest for a year, and start-up
// recovery then offered it over a copy of 6, and rotation kept it and deleted the real one. Documents and their
// events only grow (ids are never reused), so the highest document id, then the highest event id, rank copies by
// content; the time in the name only breaks ties (days without sales).
import fs from 'node:fs';
import type { BackupInfo } from '../../../shared/bridge/backup';
import { readDifferentialHeader } from './differential';
import { isDifferentialName, parseBackupFileName, compareNewestFirst } from './naming';
import path from 'node:path';
import { hasTable, withReadOnly } from './sqlite-file';

export interface ContentStamp {
  /** Highest documents.id; -1 when the copy cannot be read. */
  documents: number;
  /** Highest document_events.id; -1 when it cannot be read. */
  events: number;
}

const UNREADABLE: ContentStamp = { documents: -1, events: -1 };
const cache = new Map<string, { key: string; stamp: ContentStamp }>();

/** The content stamp of a copy file (read-only, two index reads; cached while the file does not change). */
export function contentStampOf(file: string): ContentStamp {
  let key: string;
  try {
    const stat = fs.statSync(file);
    key = `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return UNREADABLE;
  }
  const hit = cache.get(file);
  if (hit?.key === key) return hit.stamp;
  let stamp: ContentStamp;
  try {
    // A differential says in its header what its image held when verified: no need to rebuild it to rank it.
    if (isDifferentialName(path.basename(file))) {
      const header = readDifferentialHeader(file);
      stamp = { documents: header.maxDocumentId ?? -1, events: header.maxEventId };
      cache.set(file, { key, stamp });
      return stamp;
    }
    stamp = withReadOnly(file, (sqlite) => ({
      documents: hasTable(sqlite, 'documents') ? ((sqlite.prepare('SELECT COALESCE(MAX(id), 0) FROM documents').pluck().get() as number) ?? 0) : -1,
      events: hasTable(sqlite, 'document_events') ? ((sqlite.prepare('SELECT COALESCE(MAX(id), 0) FROM document_events').pluck().get() as number) ?? 0) : -1,
    }));
  } catch {
    stamp = UNREADABLE;
  }
  cache.set(file, { key, stamp });
  return stamp;
}

/** Sorts copies newest content first; equal content by the time in their names (newest first). */
export function byContentNewestFirst<T extends Pick<BackupInfo, 'path' | 'fileName' | 'createdAt'>>(copies: readonly T[]): T[] {
  const stamps = new Map(copies.map((c) => [c.path, contentStampOf(c.path)]));
  const named = (c: T) => parseBackupFileName(c.fileName) ?? { reason: 'manual' as const, createdAt: c.createdAt, sequence: 1 };
  return [...copies].sort((a, b) => {
    const x = stamps.get(a.path) ?? UNREADABLE;
    const y = stamps.get(b.path) ?? UNREADABLE;
    if (x.documents !== y.documents) return y.documents - x.documents;
    if (x.events !== y.events) return y.events - x.events;
    return compareNewestFirst(named(a), named(b));
  });
}
