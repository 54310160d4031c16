// The shop server's tables of shared records, one reader per kind: what changed after a version. Writes go
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
  /** "Precio libre" (server 0011). */
  freePrice: boolean;
  /** Categoría (server 0018); '' when none. */
  category: string;
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
  free_price: boolean;
  category: string;
  version: string;
}

const productValue = (r: ProductDbRow): ProductValue => ({
  description: r.description, unit: r.unit, price: r.price, affectation: r.affectation, bag: r.bag, active: r.active, wholeUnits: r.whole_units,
  freePrice: r.free_price, category: r.category,
});

const PRODUCT_COLUMNS = `${clip('code', SHOP_BOUNDS.code, 'code')}, ${clip('description', SHOP_BOUNDS.longText, 'description')},
  ${clip('unit', SHOP_BOUNDS.code, 'unit')}, ${clip('price', SHOP_BOUNDS.code, 'price')}, ${clip('affectation', SHOP_BOUNDS.code, 'affectation')},
  bag, active, whole_units, free_price, ${clip('category', SHOP_BOUNDS.name, 'category')}, version`;

/** A kind's rows changed after a version, in version order, read through `columns` (bounded) and turned into shared rows. */
function table<R extends { version: string }>(statement: string, columns: string, from: string, toRow: (row: R) => Omit<ServerRow, 'version'>): ServerTable {
  return {
    async since(db, version, limit) {
      const r = await db.query<R>({ name: statement, text: `SELECT ${columns} FROM ${from} WHERE version > $1 ORDER BY version LIMIT $2`, values: [version, limit] });
      return r.rows.map((row) => ({ ...toRow(row), version: Number(row.version) }));
    },
  };
}

const products = table<ProductDbRow>('caja_sync_products_since', PRODUCT_COLUMNS, 'products', (row) => ({ key: row.code, value: productValue(row) }));

interface StaffDbRow {
  key: string;
  name: string;
  role: StaffValue['role'];
  pin_hash: string;
  pin_salt: string;
  active: boolean;
  version: string;
}

const staffValue = (r: StaffDbRow): StaffValue => ({ name: r.name, role: r.role, pinHash: r.pin_hash, pinSalt: r.pin_salt, active: r.active });

const STAFF_COLUMNS = `${clip('key', SHOP_BOUNDS.name, 'key')}, ${clip('name', SHOP_BOUNDS.name, 'name')}, ${clip('role', SHOP_BOUNDS.code, 'role')},
  ${clip('pin_hash', 256, 'pin_hash')}, ${clip('pin_salt', 256, 'pin_salt')}, active, version`;

const staff = table<StaffDbRow>('caja_sync_staff_since', STAFF_COLUMNS, 'staff', (row) => ({ key: row.key, value: staffValue(row) }));

// A value past SHOP_BOUNDS.jsonBytes comes back NULL, which no shared setting reads as valid (it is skipped).
const settings = table<{ key: string; value: unknown; version: string }>(
  'caja_sync_settings_since', `${clip('key', SHOP_BOUNDS.code, 'key')}, ${boundedJson('value', 'value', 'NULL')}, version`, 'shop_settings',
  (row) => ({ key: row.key, value: row.value }),
);

/** Every till's view of each person's lockout (server 0010); merged by each till, not by the server. */
const lockouts = table<{ key: string; state: unknown; version: string }>(
  'caja_sync_lockouts_since', `${clip('key', SHOP_BOUNDS.name, 'key')}, ${boundedJson('state', 'state', 'NULL')}, version`, 'pin_lockouts',
  (row) => ({ key: row.key, value: row.state }),
);

export const SERVER_TABLES: Record<SharedKind, ServerTable> = { product: products, user: staff, setting: settings, lockout: lockouts };
