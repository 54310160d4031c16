import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CustomersRepository,
  LookupsRepository,
  SettingsRepository,
  createRepositories,
  openDatabase,
  toFtsPrefixQuery,
  type Db,
} from '../../../../electron/core/db';
import { steppingClock } from './helpers';

let db: Db;

beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
});

afterEach(() => db.close());

describe('CustomersRepository', () => {
  it('inserts, then updates by (type, number) keeping a known address when the new one is empty', () => {
    const customers = new CustomersRepository(db, steppingClock());
    const first = customers.upsert({
      docType: '1', docNumber: '40123456', name: 'MARÍA PEÑA', address: 'Av. Lima 123', source: 'dni_lookup',
    });
    expect(first).toMatchObject({ doc_type: '1', doc_number: '40123456', address: 'Av. Lima 123', source: 'dni_lookup' });

    const second = customers.upsert({ docType: '1', docNumber: '40123456', name: 'María Peña Quispe', source: 'sale' });
    expect(second).toMatchObject({ id: first.id, name: 'María Peña Quispe', address: 'Av. Lima 123', source: 'sale' });
    expect(second.updated_at > first.updated_at).toBe(true);

    customers.upsert({ docType: '1', docNumber: '40123456', name: 'María Peña Quispe', address: 'Jr. Cusco 9', source: 'manual' });
    expect(customers.get('1', '40123456')?.address).toBe('Jr. Cusco 9');
    expect(customers.get('6', '40123456')).toBeUndefined();
  });

  it('searches names by prefix, ignoring accents and case, and numbers by prefix', () => {
    const customers = new CustomersRepository(db);
    customers.upsert({ docType: '1', docNumber: '40123456', name: 'María Peña Quispe', source: 'sale' });
    customers.upsert({ docType: '1', docNumber: '40999999', name: 'Mario Ruiz', source: 'sale' });
    customers.upsert({ docType: '6', docNumber: '20100070970', name: 'Bodega San Martín S.A.C.', source: 'manual' });

    const names = (text: string, limit?: number) => customers.search(text, limit).map((c) => c.name);
    expect(names('MARIA')).toEqual(['María Peña Quispe']);
    expect(new Set(names('mari'))).toEqual(new Set(['María Peña Quispe', 'Mario Ruiz']));
    expect(names('mari', 1)).toHaveLength(1);
    expect(names('pena qui')).toEqual(['María Peña Quispe']);
    expect(names('martin')).toEqual(['Bodega San Martín S.A.C.']);
    expect(names('401')).toEqual(['María Peña Quispe']);
    expect(names('40')).toEqual(['María Peña Quispe', 'Mario Ruiz']);
    expect(names('')).toEqual([]);
    expect(names('"')).toEqual([]);
  });

  it('keeps the name index in sync when a name changes', () => {
    const customers = new CustomersRepository(db);
    customers.upsert({ docType: '1', docNumber: '40123456', name: 'Rosa Huamán', source: 'sale' });
    customers.upsert({ docType: '1', docNumber: '40123456', name: 'Rosa Quispe', source: 'manual' });
    expect(customers.search('huaman')).toEqual([]);
    expect(customers.search('quispe').map((c) => c.doc_number)).toEqual(['40123456']);
  });
});

describe('LookupsRepository', () => {
  it('stores parsed responses and replaces them with a new timestamp', () => {
    const lookups = new LookupsRepository(db, steppingClock('2025-05-01T00:00:00.000Z'));
    expect(lookups.get('dni', '40123456')).toBeUndefined();
    lookups.put('dni', '40123456', { nombre: 'María', apellidos: ['Peña', 'Quispe'] });
    expect(lookups.get('dni', '40123456')).toEqual({
      kind: 'dni', key: '40123456', response: { nombre: 'María', apellidos: ['Peña', 'Quispe'] }, fetched_at: '2025-05-01T00:00:00.000Z',
    });
    lookups.put('dni', '40123456', { nombre: 'María José' });
    expect(lookups.get('dni', '40123456')).toMatchObject({ response: { nombre: 'María José' }, fetched_at: '2025-05-01T00:00:01.000Z' });
    expect(lookups.get('ruc', '40123456')).toBeUndefined();
  });
});

describe('SettingsRepository', () => {
  it('round-trips JSON values', () => {
    const settings = new SettingsRepository(db);
    expect(settings.get('company')).toBeUndefined();
    settings.set('company', { ruc: '20100070970', name: 'Bodega' });
    settings.set('demo', false);
    settings.set('demo', true);
    expect(settings.get<{ ruc: string }>('company')?.ruc).toBe('20100070970');
    expect(settings.all()).toEqual({ company: { ruc: '20100070970', name: 'Bodega' }, demo: true });
    expect(settings.delete('demo')).toBe(true);
    expect(settings.delete('demo')).toBe(false);
    expect(() => settings.set('nothing', undefined)).toThrow(TypeError);
  });
});

describe('createRepositories and toFtsPrefixQuery', () => {
  it('builds every repository on one database', () => {
    const repos = createRepositories(db);
    repos.series.ensure('03', 'B001');
    expect(repos.series.list()).toHaveLength(1);
    expect(Object.keys(repos).sort()).toEqual(['cash', 'catalogSync', 'customers', 'discounts', 'documents', 'lookups', 'payments', 'replication', 'series', 'settings', 'users']);
  });

  it('quotes each word as a prefix term and drops operators', () => {
    expect(toFtsPrefixQuery('  María  "Peña" OR x* ')).toBe('"María"* "Peña"* "OR"* "x"*');
    expect(toFtsPrefixQuery('-- ** ""')).toBeNull();
  });
});
