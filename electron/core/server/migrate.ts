// The shop server's schema: ordered `NNNN_name.sql` files in migrations/server, applied on connect, each
// in its own transaction, under an advisory lock so that two tills connecting at once apply them once. A server whose
// applied migrations are not a prefix of this app's list (a newer Caja migrated it) is refused and never written to.
import fs from 'node:fs';
import type pg from 'pg';
import { listMigrations } from '../db/migrate';

/** Any 64-bit number both sides agree on: "caja server migrations". */
const LOCK_KEY = 4_350_001;

export class ServerSchemaError extends Error {
  override readonly name = 'ServerSchemaError';
}

/** Applies the pending migrations of `dir`; answers the versions applied now. */
export async function migrateServer(pool: pg.Pool, dir: string): Promise<number[]> {
  const shipped = listMigrations(dir);
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    // Created only where missing: a till's role may not create tables (server migration 0008), and PostgreSQL checks
    // that right for CREATE TABLE IF NOT EXISTS before it looks for the table.
    const present = (await client.query<{ ok: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS ok")).rows[0]?.ok;
    if (!present) {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    }
    const applied = (await client.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version')).rows;
    applied.forEach((a, i) => {
      const s = shipped[i];
      if (!s || s.version !== a.version || s.name !== a.name) {
        throw new ServerSchemaError(`El servidor de la tienda tiene una versión más nueva de Caja (migración ${a.version} ${a.name}): actualice esta caja.`);
      }
    });
    const done: number[] = [];
    for (const m of shipped.slice(applied.length)) {
      await client.query('BEGIN');
      try {
        await client.query(fs.readFileSync(m.path, 'utf8'));
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK');
        // A till's role cannot change the schema: the server's own Caja (the office) migrates it.
        if ((e as { code?: unknown }).code === '42501') {
          throw new ServerSchemaError('El servidor de la tienda necesita actualizarse a esta versión de Caja: actualice y abra primero Caja en la PC del servidor (la oficina).');
        }
        throw e;
      }
      done.push(m.version);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
