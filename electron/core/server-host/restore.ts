// Loading a shop-server dump (dump.ts) into an empty database of the cluster Caja hosts: the dump's own
// migrations first (the schema its rows were written under), then the rows, sequences and tills' roles, then the
// migrations this Caja ships beyond the dump's. Used to verify each copy (into a scratch database), to restore one
// from Ajustes, and to adopt a new PostgreSQL major (upgrade.ts). Runs as the owner (a superuser of this cluster).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { listMigrations } from '../db/migrate';
import { migrateServer } from '../server/migrate';
import { readDump, type DumpHeader, type DumpTrailer } from './dump';

const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;
const BATCH = 500;

export interface RestoreResult {
  header: DumpHeader;
  counts: Record<string, number>;
}

async function applyDumpMigrations(c: pg.ClientBase, header: DumpHeader, serverMigrationsDir: string): Promise<void> {
  const shipped = listMigrations(serverMigrationsDir);
  header.migrations.forEach((m, i) => {
    const s = shipped[i];
    if (!s || s.version !== m.version || s.name !== m.name) {
      throw new Error(`La copia es de una versión más nueva de Caja (migración ${m.version} ${m.name}): actualice Caja para restaurarla.`);
    }
  });
  await c.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
  for (const m of shipped.slice(0, header.migrations.length)) {
    await c.query(fs.readFileSync(m.path, 'utf8'));
    await c.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
  }
}

/**
 * Restores `file` into the (empty) database `pool` is connected to, in one transaction: all of it or nothing.
 * Answers the rows loaded per table; throws when they differ from what the dump says it holds.
 */
export async function restoreDump(pool: pg.Pool, file: string, migrationsDir: string): Promise<RestoreResult> {
  const serverDir = path.join(migrationsDir, 'server');
  const c = await pool.connect();
  let header: DumpHeader | undefined;
  let trailer: DumpTrailer | undefined;
  const counts: Record<string, number> = {};
  try {
    await c.query('BEGIN');
    // Rows go in as they were: no foreign-key or trigger checks while the tables fill in load order.
    await c.query("SET LOCAL session_replication_role = 'replica'");
    let table: string | undefined;
    let batch: string[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      await c.query(`INSERT INTO ${quote(table)} SELECT * FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`, [`[${batch.join(',')}]`]);
      counts[table] = (counts[table] ?? 0) + batch.length;
      batch = [];
    };
    for await (const line of readDump(file)) {
      if (line.kind === 'header') {
        header = line.header;
        await applyDumpMigrations(c, header, serverDir);
      } else if (line.kind === 'table') {
        await flush();
        if (!header?.tables.includes(line.table)) throw new Error(`La copia nombra una tabla desconocida: ${line.table}`);
        table = line.table;
        counts[table] = 0;
      } else if (line.kind === 'row') {
        batch.push(line.json);
        if (batch.length >= BATCH) await flush();
      } else {
        await flush();
        trailer = line.trailer;
      }
    }
    if (!header || !trailer) throw new Error('La copia del servidor está incompleta.');
    for (const [t, n] of Object.entries(trailer.counts)) {
      if ((counts[t] ?? 0) !== n) throw new Error(`La copia no cuadra: ${t} tiene ${counts[t] ?? 0} filas y debía tener ${n}.`);
    }
    for (const s of header.sequences) await c.query('SELECT setval($1::regclass, $2::bigint, $3)', [quote(s.name), s.value, s.called]);
    for (const r of header.roles) {
      const exists = (await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [r.name])).rowCount === 1;
      if (exists || !r.verifier) continue;
      // The stored SCRAM verifier, not a password: the till signs in with the password it already has.
      await c.query(`CREATE ROLE ${quote(r.name)} LOGIN PASSWORD ${pg.escapeLiteral(r.verifier)} IN ROLE caja_tills`);
    }
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    c.release();
  }
  await migrateServer(pool, serverDir); // this Caja's migrations beyond the dump's
  return { header, counts };
}
