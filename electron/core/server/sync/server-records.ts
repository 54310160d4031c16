// The shop server's tables of shared records (issue 25), one reader per kind: what changed after a version. Writes go
// through the server's caja_put_record (exchange.ts). Values cross as plain JSON shapes; a value another till wrote is
// read bounded (bounds.ts) and checked by the till before it is applied (till-records.ts).
import type pg from 'pg';
import { boundedJson, clip, SHOP_BOUNDS } from '../bounds';

export type SharedKind = 'product' | 'user' | 'setting' | 'lockout';

/** A staff member as it is shared (the PIN only as its slow hash and salt). */
export interface StaffValue {
  name: string;
  role: 'cajero' | 'supervisor' | 'administrador';
  pinHash: string;
  pinSalt: string;
  active: boolean;
}

export interface ServerRow {
  key: string;
  value: unknown;
  version: number;
}

export interface ServerTable {
  /** Read inside the caller's snapshot (pullShared reads every kind in one). */
  since(db: pg.PoolClient, version: number, limit: number): Promise<ServerRow[]>;
}

export interface ProductValue {
  description: string;
  unit: string;
  price: string;
  affectation: '10' | '20';
  bag: boolean;
  active: boolean;
  wholeUnits: boolean | null;
}

interface ProductDbRow {
  code: string;
  description: string;
  unit: string;
  price: string;
  affectation: '10' | '20';
  bag: boolean;
  active: boolean;
  whole_units: boolean | null;
  version: string;
}

const productValue = (r: ProductDbRow): ProductValue => ({
  description: r.description, unit: r.unit, price: r.price, affectation: r.affectation, bag: r.bag, active: r.active, wholeUnits: r.whole_units,
});

const PRODUCT_COLUMNS = `${clip('code', SHOP_BOUNDS.code, 'code')}, ${clip('description', SHOP_BOUNDS.longText, 'description')},
  ${clip('unit', SHOP_BOUNDS.code, 'unit')}, ${clip('price', SHOP_BOUNDS.code, 'price')}, ${clip('affectation', SHOP_BOUNDS.code, 'affectation')},
  bag, active, whole_units, version`;

const products: ServerTable = {
  async since(db, version, limit) {
    const r = await db.query<ProductDbRow>({
      name: 'caja_sync_products_since',
      text: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE version > $1 ORDER BY version LIMIT $2`,
      values: [version, limit],
    });
    return r.rows.map((row) => ({ key: row.code, value: productValue(row), version: Number(row.version) }));
  },
};

interface StaffDbRow {
  key: string;
  name: string;
  role: StaffValue['role'];
  pin_hash: string;
  pin_salt: string;
  active: boolean;
  version: string;
  security_version: string;
}

const staffValue = (r: StaffDbRow): StaffValue => ({ name: r.name, role: r.role, pinHash: r.pin_hash, pinSalt: r.pin_salt, active: r.active });

const STAFF_COLUMNS = `${clip('key', SHOP_BOUNDS.name, 'key')}, ${clip('name', SHOP_BOUNDS.name, 'name')}, ${clip('role', SHOP_BOUNDS.code, 'role')},
  ${clip('pin_hash', 256, 'pin_hash')}, ${clip('pin_salt', 256, 'pin_salt')}, active, version, security_version`;

const staff: ServerTable = {
  async since(db, version, limit) {
    const r = await db.query<StaffDbRow>({
      name: 'caja_sync_staff_since',
      text: `SELECT ${STAFF_COLUMNS} FROM staff WHERE version > $1 ORDER BY version LIMIT $2`,
      values: [version, limit],
    });
    return r.rows.map((row) => ({ key: row.key, value: staffValue(row), version: Number(row.version) }));
  },
};

const settings: ServerTable = {
  async since(db, version, limit) {
    // A value past SHOP_BOUNDS.jsonBytes comes back NULL, which no shared setting reads as valid (it is skipped).
    const r = await db.query<{ key: string; value: unknown; version: string }>({
      name: 'caja_sync_settings_since',
      text: `SELECT ${clip('key', SHOP_BOUNDS.code, 'key')}, ${boundedJson('value', 'value', 'NULL')}, version FROM shop_settings
        WHERE version > $1 ORDER BY version LIMIT $2`,
      values: [version, limit],
    });
    return r.rows.map((row) => ({ key: row.key, value: row.value, version: Number(row.version) }));
  },
};

/** Every till's view of each person's lockout (server 0010); merged by each till, not by the server. */
const lockouts: ServerTable = {
  async since(db, version, limit) {
    const r = await db.query<{ key: string; state: unknown; version: string }>({
      name: 'caja_sync_lockouts_since',
      text: `SELECT ${clip('key', SHOP_BOUNDS.name, 'key')}, ${boundedJson('state', 'state', 'NULL')}, version FROM pin_lockouts
        WHERE version > $1 ORDER BY version LIMIT $2`,
      values: [version, limit],
    });
    return r.rows.map((row) => ({ key: row.key, value: row.state, version: Number(row.version) }));
  },
};

export const SERVER_TABLES: Record<SharedKind, ServerTable> = { product: products, user: staff, setting: settings, lockout: lockouts };
