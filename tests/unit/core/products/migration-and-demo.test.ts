import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CustomersRepository,
  defaultMigrationsDir,
  openDatabase,
  ProductsRepository,
  readAppliedMigrations,
} from '../../../../electron/core/db';
import { DEMO_PRODUCTS, isValidEan13, ean13CheckDigit, seedDemoProducts } from '../../../../electron/core/products';
import { ProductInputSchema } from '../../../../shared/bridge/products';
import { tempDir } from '../db/helpers';
import { memoryDb } from './helpers';

describe('migration 0002_products', () => {
  it('applies on top of a database that has only 0001, keeping its data', () => {
    const root = tempDir('caja-products-');
    const onlyInit = path.join(root, 'migrations-0001');
    fs.mkdirSync(onlyInit);
    fs.copyFileSync(path.join(defaultMigrationsDir(), '0001_init.sql'), path.join(onlyInit, '0001_init.sql'));
    const dbPath = path.join(root, 'caja.db');

    const old = openDatabase({ path: dbPath, migrationsDir: onlyInit });
    new CustomersRepository(old).upsert({ docType: '1', docNumber: '40123456', name: 'Rosa Quispe', source: 'sale' });
    expect(old.sqlite.prepare("SELECT name FROM sqlite_master WHERE name = 'products'").get()).toBeUndefined();
    old.close();

    const db = openDatabase({ path: dbPath, migrationsDir: defaultMigrationsDir() });
    try {
      expect(readAppliedMigrations(db.sqlite).map((m) => [m.version, m.name]).slice(0, 2)).toEqual([[1, 'init'], [2, 'products']]);
      expect(new CustomersRepository(db).get('1', '40123456')?.name).toBe('Rosa Quispe');
      const repo = new ProductsRepository(db);
      repo.insert({ code: 'P1', description: 'Papa Amarilla', unit: 'KGM', price: '4.5', affectation: '20', bag: false, active: true });
      expect(repo.search({ text: 'papa' }).map((r) => r.code)).toEqual(['P1']);
      const objects = db.sqlite.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'products%' ORDER BY name").all();
      expect(objects.map((o) => (o as { name: string }).name)).toEqual(expect.arrayContaining([
        'products', 'products_fts', 'products_active_description', 'products_code_active',
        'products_fts_insert', 'products_fts_update', 'products_fts_delete',
      ]));
      expect(db.sqlite.prepare("SELECT strict FROM pragma_table_list WHERE name = 'products'").get()).toEqual({ strict: 1 });
    } finally {
      db.close();
    }
  });

  it('keeps the word index in step when a product row is deleted', () => {
    const db = memoryDb();
    const repo = new ProductsRepository(db);
    repo.insert({ code: 'D1', description: 'Detergente Bolívar', unit: 'NIU', price: '10.5', affectation: '10', bag: false, active: true });
    db.sqlite.prepare("DELETE FROM products WHERE code = 'D1'").run();
    expect(repo.search({ text: 'bolivar' })).toEqual([]);
    const integrityCheck = () => db.sqlite.prepare("INSERT INTO products_fts (products_fts, rank) VALUES ('integrity-check', 1)").run();
    expect(integrityCheck).not.toThrow();
    // The check (rank 1: compare with the content table) can fail: an entry removed behind the triggers' back is found.
    repo.insert({ code: 'D2', description: 'Detergente Opal', unit: 'NIU', price: '9', affectation: '10', bag: false, active: true });
    db.sqlite.prepare("INSERT INTO products_fts (products_fts, rowid, description, code) SELECT 'delete', id, description, code FROM products WHERE code = 'D2'").run();
    expect(integrityCheck).toThrow();
  });
});

describe('demo products', () => {
  it('are valid products with valid EAN-13 codes, including weighted, exonerated and bag items', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(20);
    for (const p of DEMO_PRODUCTS) {
      expect(isValidEan13(p.code), p.code).toBe(true);
      expect(ProductInputSchema.safeParse(p).success, p.code).toBe(true);
    }
    expect(new Set(DEMO_PRODUCTS.map((p) => p.code)).size).toBe(DEMO_PRODUCTS.length);
    expect(DEMO_PRODUCTS.some((p) => p.unit === 'KGM')).toBe(true);
    expect(DEMO_PRODUCTS.some((p) => p.affectation === '20')).toBe(true);
    expect(DEMO_PRODUCTS.filter((p) => p.bag === true).map((p) => p.description)).toEqual(['Bolsa Plástica']);
  });

  it('are seeded only into an empty catalogue, once', () => {
    const repo = new ProductsRepository(memoryDb());
    expect(seedDemoProducts(repo)).toBe(DEMO_PRODUCTS.length);
    expect(seedDemoProducts(repo)).toBe(0);
    expect(repo.count()).toBe(DEMO_PRODUCTS.length);
    expect(repo.search({ text: 'inca kola' })[0]?.description).toBe('Inca Kola 500 ml');

    const other = new ProductsRepository(memoryDb());
    other.insert({ code: 'MINE', description: 'Mi producto', unit: 'NIU', price: '1', affectation: '10', bag: false, active: false });
    expect(seedDemoProducts(other)).toBe(0);
    expect(other.count()).toBe(1);
  });
});

describe('EAN-13 check digit', () => {
  it('matches known barcodes and refuses wrong ones', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1); // 4006381333931, the GS1 textbook example
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(() => ean13CheckDigit('12')).toThrow(RangeError);
  });
});
