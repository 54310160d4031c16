// Going live from demo keeps what the owner built there: the products they added or changed, the payment methods and
// the staff, each person with the PIN they already use (the hash and its salt are copied; no PIN is ever known here).
// Never the documents, their numbering, cash sessions, customers or the demo company: those stay in the demo file,
// so nothing declared or numbered in demo reaches the real till. The demo's own examples, untouched, stay too.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { Carry, GoLivePreview } from '../../../shared/bridge';
import { PaymentMethodsSchema, type PaymentMethod } from '../../../shared/payments';
import { openSqlite } from '../db/sqlite-driver';
import { DEMO_PRODUCTS } from '../products/demo-products';

interface ProductRow {
  code: string;
  description: string;
  unit: string;
  price: string;
  affectation: string;
  bag: number;
  active: number;
  whole_units: number | null;
  free_price: number;
  category: string;
  created_at: string;
  updated_at: string;
}

interface UserRow {
  name: string;
  role: 'cajero' | 'supervisor' | 'administrador';
  pin_hash: string;
  pin_salt: string;
  active: number;
  created_at: string;
  updated_at: string;
}

/** Said to the owner before going live: what never leaves the demo file. */
export const STAYS_IN_DEMO = [
  'Los comprobantes de prueba (boletas, facturas, notas y anulaciones) y su numeración: en el modo real empiezan en 1.',
  'Las cajas y turnos, los clientes y la empresa de demostración.',
  'Los productos de ejemplo del modo demo que usted no cambió.',
];

const EXAMPLES = new Map(DEMO_PRODUCTS.map((p) => [p.code, p]));

/** An example the demo seeded and the owner left as it came. */
const isUntouchedExample = (row: ProductRow) => {
  const seeded = EXAMPLES.get(row.code);
  return seeded !== undefined && row.active === 1 && seeded.description === row.description && seeded.price === row.price &&
    seeded.unit === row.unit && seeded.affectation === row.affectation;
};

/** What the demo file holds, read in one go (read-only: the demo core may have it open). */
function readDemo(demoFile: string): { products: ProductRow[]; users: UserRow[]; paymentMethods: PaymentMethod[] | null } {
  if (!fs.existsSync(demoFile)) return { products: [], users: [], paymentMethods: null };
  const db = openSqlite(demoFile, { readonly: true, fileMustExist: true });
  try {
    const products = db
      .prepare('SELECT code, description, unit, price, affectation, bag, active, whole_units, free_price, category, created_at, updated_at FROM products ORDER BY id')
      .all() as ProductRow[];
    const users = db.prepare('SELECT name, role, pin_hash, pin_salt, active, created_at, updated_at FROM users ORDER BY name COLLATE NOCASE').all() as UserRow[];
    const stored = db.prepare("SELECT value FROM settings WHERE key = 'paymentMethods'").pluck().get() as string | undefined;
    const parsed = stored === undefined ? undefined : PaymentMethodsSchema.safeParse(JSON.parse(stored));
    return { products: products.filter((p) => !isUntouchedExample(p)), users, paymentMethods: parsed?.success ? parsed.data : null };
  } finally {
    db.close();
  }
}

export function previewCarry(demoFile: string, defaults: readonly PaymentMethod[]): GoLivePreview {
  const demo = readDemo(demoFile);
  return {
    products: demo.products.length,
    paymentMethods: (demo.paymentMethods ?? defaults).filter((m) => m.active).map((m) => m.label),
    staff: demo.users.filter((u) => u.active === 1).map((u) => ({ name: u.name, role: u.role })),
    staysInDemo: STAYS_IN_DEMO,
  };
}

/**
 * Copies what `carry` names from the demo file into the real database `real`, in one transaction. What the real file
 * already has (the same code, the same name) is kept: going live twice duplicates nothing. Answers the payment methods
 * to save with the real settings, when carried and the owner had changed them.
 */
export function carryFromDemo(real: Database.Database, demoFile: string, carry: Carry): { paymentMethods: PaymentMethod[] | null } {
  const demo = readDemo(demoFile);
  const insertProduct = real.prepare(`INSERT INTO products (code, description, unit, price, affectation, bag, active, whole_units, free_price, category, created_at, updated_at)
    VALUES (@code, @description, @unit, @price, @affectation, @bag, @active, @whole_units, @free_price, @category, @created_at, @updated_at) ON CONFLICT DO NOTHING`);
  const insertUser = real.prepare(`INSERT INTO users (name, role, pin_hash, pin_salt, active, created_at, updated_at)
    VALUES (@name, @role, @pin_hash, @pin_salt, @active, @created_at, @updated_at) ON CONFLICT DO NOTHING`);
  real.transaction(() => {
    if (carry.products) for (const product of demo.products) insertProduct.run(product);
    if (carry.staff) for (const user of demo.users) insertUser.run(user);
  }).immediate();
  return { paymentMethods: carry.paymentMethods ? demo.paymentMethods : null };
}
