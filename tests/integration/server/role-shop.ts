// A shop database the office migrated, with till roles registered the real way (a one-time code spent as
// caja_registro) and used directly in SQL: as a till's push writes (its terminal, series, documents, entries and
// movements), and as a role in the wrong hands would.
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { migrateServer } from '../../../electron/core/server';
import { poolOn, type PgCluster } from './pg-cluster';

const SERVER_MIGRATIONS = path.resolve(__dirname, '../../../migrations/server');

export interface Customer {
  docType: string;
  docNumber: string;
  name: string;
}

export interface RoleDocument {
  id?: string;
  type: '01' | '03' | '07';
  series: string;
  number: number;
  customer: Customer;
  total: string;
  status?: string;
  modifies?: string;
  voidStatus?: string;
  /** The id_Base_Dato of the document it issues again (its number was taken). */
  replaces?: string;
  /** Product lines as the payload carries them: [code, quantity]. */
  lines?: [string, string][];
}

export interface RoleTill {
  pool: pg.Pool;
  terminal: string;
  /** Writes (or updates: status, void) one of its documents as push.ts would; answers its id_Base_Dato. */
  doc(d: RoleDocument): Promise<string>;
  /** Pushes account entries as account-exchange.ts does. */
  put(rows: Record<string, unknown>[]): Promise<number>;
  /** Pushes stock movements as stock-exchange.ts does. */
  putStock(rows: Record<string, unknown>[]): Promise<number>;
}

export const printed = (series: string, number: number) => `${series}-${String(number).padStart(8, '0')}`;

let count = 0;

export async function roleShop(cluster: PgCluster, admin: pg.Pool) {
  const db = `roles_${process.pid}_${++count}`;
  await admin.query(`CREATE DATABASE ${db}`);
  const office = poolOn(cluster, db);
  await migrateServer(office, SERVER_MIGRATIONS);
  const pools: pg.Pool[] = [office];
  const connect = (user: string, password: string) => {
    const pool = new pg.Pool({ host: cluster.host, port: cluster.port, database: db, user, password, max: 2 });
    pool.on('error', () => undefined);
    pools.push(pool);
    return pool;
  };
  /** A till registered under `name`, claiming `series` ('01-F001', '07-FCA1', ...). */
  const till = async (name: string, series: string[]): Promise<RoleTill> => {
    const secret = crypto.randomBytes(4).toString('hex').toUpperCase();
    await office.query("INSERT INTO till_registration_codes (code_hash, expires_at) VALUES ($1, now() + interval '1 day')", [
      crypto.createHash('sha256').update(secret, 'utf8').digest('hex'),
    ]);
    const registro = connect('caja_registro', 'caja_registro');
    const role = (await registro.query<{ role_name: string; role_password: string }>('SELECT * FROM caja_register_till($1, $2)', [secret, name])).rows[0]!;
    const pool = connect(role.role_name, role.role_password);
    const terminal = `t-${crypto.randomUUID()}`;
    await pool.query('INSERT INTO terminals (terminal_id, name, role_name) VALUES ($1, $2, session_user)', [terminal, name]);
    for (const s of series) await pool.query('INSERT INTO series_owners (doc_type, series, terminal_id) VALUES ($1, $2, $3)', [s.slice(0, 2), s.slice(3), terminal]);
    return {
      pool,
      terminal,
      async doc(d) {
        const id = d.id ?? crypto.randomUUID();
        const payload = JSON.stringify({ detalle: (d.lines ?? []).map(([code, quantity]) => ({ cod_Producto: code, cantidad: Number(quantity) })) });
        await pool.query(
          `INSERT INTO documents (id_base_dato, terminal_id, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type,
             customer_doc_number, customer_name, total, igv, status, payload, local_updated_at, modifies, void_status, replaces)
           VALUES ($1, $2, $3, $4, $5, $6, '2026-11-25', 'PEN', $7, $8, $9, $10, 0, $11, $14, $6, $12, $13, $15)
           ON CONFLICT (id_base_dato) DO UPDATE SET status = EXCLUDED.status, void_status = EXCLUDED.void_status, local_updated_at = EXCLUDED.local_updated_at`,
          [id, terminal, d.type, d.series, d.number, new Date().toISOString(), d.customer.docType, d.customer.docNumber, d.customer.name, d.total,
            d.status ?? 'accepted', d.modifies ?? null, d.voidStatus ?? null, payload, d.replaces ?? null],
        );
        return id;
      },
      async put(rows) {
        const r = await pool.query<{ n: number }>('SELECT caja_put_account_entries($1, $2::jsonb) AS n', [terminal, JSON.stringify(rows)]);
        return r.rows[0]!.n;
      },
      async putStock(rows) {
        const r = await pool.query<{ n: number }>('SELECT caja_put_stock_movements($1, $2::jsonb) AS n', [terminal, JSON.stringify(rows)]);
        return r.rows[0]!.n;
      },
    };
  };
  return { db, office, till, end: () => Promise.all(pools.map((p) => p.end())) };
}
