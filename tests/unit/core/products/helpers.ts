// Shared helpers for the product catalogue tests: an in-memory store and valid product fields.
import { afterEach } from 'vitest';
import { openDatabase, ProductsRepository, type Db, type ProductFields } from '../../../../electron/core/db';
import { ProductsService } from '../../../../electron/core/products';
import { steppingClock } from '../db/helpers';

const open: Db[] = [];

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** A fresh in-memory store with every shipped migration, closed after the current test. */
export function memoryDb(): Db {
  const db = openDatabase({ path: ':memory:' });
  open.push(db);
  return db;
}

/** Repository and service over a fresh store, with a clock that moves one second per call. */
export function catalogueFixture(start = '2026-03-02T15:00:00.000Z') {
  const db = memoryDb();
  const now = steppingClock(start);
  const repo = new ProductsRepository(db, now);
  const service = new ProductsService(repo, now);
  return { db, repo, service, now };
}

export function product(overrides: Partial<ProductFields> = {}): ProductFields {
  return {
    code: '7751012000450',
    description: 'Arroz Costeño Extra 5 kg',
    unit: 'NIU',
    price: '24.9',
    affectation: '10',
    bag: false,
    active: true,
    ...overrides,
  };
}

export const HEADER = 'codigo,descripcion,unidad,precio,afectacion,bolsa,activo';
