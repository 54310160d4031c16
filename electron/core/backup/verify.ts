// The check every copy passes after it is written: read-only open, PRAGMA integrity_check, migration history
// present, and the document count compared with the live database.
//
// Document count rule. A copy is a snapshot of one moment (the start of the worker's single backup step, or the last
// step of a copy stepped on the main thread), and issuing goes on meanwhile and after (even before the verification
// runs), so the live count "now" can be higher than the copy's. Documents are never
// deleted and their id only grows, so the exact comparison is: the copy's count must equal the number of live
// documents with id <= the highest id in the copy (nothing the copy should contain is missing), and the copy's
// highest id must exist in the live database (nothing in it that the live one lacks).
//
// The facts are gathered either here (synchronously, for the pre-migration hook) or in a worker thread
// (off-thread.ts: integrity_check of a large copy takes seconds and must not stall the till); judge() turns the
// same facts into the same verdict either way.
import type Database from 'better-sqlite3';
import { readAppliedMigrations } from '../db';
import { documentStats, hasTable, messageOf, withReadOnly } from './sqlite-file';

export interface Verification {
  ok: boolean;
  documents: number | null;
  maxDocumentId: number | null;
  /** Spanish; null when ok. */
  message: string | null;
}

/** What the copy says about itself. */
export interface CopyFacts {
  /** Lines of PRAGMA integrity_check(20): ['ok'] when sound. */
  integrity: string[];
  hasTables: boolean;
  /** schema_migrations, oldest first. */
  applied: { version: number; name: string }[];
  count: number;
  maxId: number;
}

/** What the live database says about the copy's range. */
export interface LiveFacts {
  versions: number[];
  /** Live documents with id <= the copy's highest id. */
  upTo: number;
  /** Whether the copy's highest id exists live (true when the copy is empty). */
  hasMax: boolean;
}

export function copyFactsOf(file: string): CopyFacts {
  return withReadOnly(file, (sqlite) => {
    const rows = sqlite.pragma('integrity_check(20)') as Record<string, unknown>[];
    const integrity = rows.map((row) => String(Object.values(row)[0]));
    const hasTables = hasTable(sqlite, 'schema_migrations') && hasTable(sqlite, 'documents');
    if (!hasTables) return { integrity, hasTables, applied: [], count: 0, maxId: 0 };
    const docs = documentStats(sqlite);
    const applied = readAppliedMigrations(sqlite).map((m) => ({ version: m.version, name: m.name }));
    return { integrity, hasTables, applied, count: docs.count, maxId: docs.maxId };
  });
}

export function liveFactsOf(live: Database.Database, maxId: number): LiveFacts {
  const versions = readAppliedMigrations(live).map((m) => m.version);
  const upTo = (live.prepare('SELECT COUNT(*) AS n FROM documents WHERE id <= ?').get(maxId) as { n: number }).n;
  const hasMax = maxId === 0 || live.prepare('SELECT 1 FROM documents WHERE id = ?').get(maxId) !== undefined;
  return { versions, upTo, hasMax };
}

/** The verdict from the facts; `copy` is an error message when the copy could not be read at all. */
export function judge(copy: CopyFacts | { error: string }, live: LiveFacts | null): Verification {
  if ('error' in copy) return failed(`La copia no se puede leer: ${copy.error}.`);
  if (!(copy.integrity.length === 1 && copy.integrity[0] === 'ok')) {
    return failed(`La copia falló la verificación de integridad: ${copy.integrity.join('; ')}.`);
  }
  if (!copy.hasTables) return failed('La copia no contiene el historial de versiones ni la tabla de comprobantes.');
  const versions = copy.applied.map((m) => m.version);
  if (versions.length === 0) return failed('El historial de versiones de la copia está vacío.');
  const result = { documents: copy.count, maxDocumentId: copy.maxId };
  if (live === null) return { ok: true, ...result, message: null };
  if (live.versions.join(',') !== versions.join(',')) {
    return { ok: false, ...result, message: 'El historial de versiones de la copia no coincide con el de la base de datos.' };
  }
  if (live.upTo !== copy.count) {
    return {
      ok: false,
      ...result,
      message: `La copia tiene ${copy.count} comprobantes, pero la base de datos tenía ${live.upTo} hasta el mismo punto.`,
    };
  }
  if (!live.hasMax) return { ok: false, ...result, message: 'La copia contiene comprobantes que la base de datos no tiene.' };
  return { ok: true, ...result, message: null };
}

/** Verifies `file` as a copy of `live` (the connection it was taken from; null skips the comparison), synchronously. */
export function verifyCopy(file: string, live: Database.Database | null): Verification {
  let copy: CopyFacts;
  try {
    copy = copyFactsOf(file);
  } catch (error) {
    return judge({ error: messageOf(error) }, null);
  }
  const sound = copy.hasTables && copy.integrity.length === 1 && copy.integrity[0] === 'ok';
  return judge(copy, live && sound ? liveFactsOf(live, copy.maxId) : null);
}

function failed(message: string): Verification {
  return { ok: false, documents: null, maxDocumentId: null, message };
}
