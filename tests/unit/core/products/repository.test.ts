import { describe, expect, it } from 'vitest';
import { ProductsRepository } from '../../../../electron/core/db';
import { catalogueFixture, memoryDb, product } from './helpers';

describe('ProductsRepository: storing', () => {
  it('inserts a product and reads it back by code, exactly as given', () => {
    const { repo } = catalogueFixture();
    const row = repo.insert(product({ bag: false }));
    expect(row).toMatchObject({
      code: '7751012000450', description: 'Arroz Costeño Extra 5 kg', unit: 'NIU', price: '24.9', affectation: '10',
      bag: 0, active: 1, created_at: '2026-03-02T15:00:00.000Z', updated_at: '2026-03-02T15:00:00.000Z',
    });
    expect(repo.getByCode('7751012000450')).toEqual(row);
    expect(repo.getById(row!.id)).toEqual(row);
  });

  it('keeps codes unique: a second insert with the same code changes nothing', () => {
    const { repo } = catalogueFixture();
    repo.insert(product());
    expect(repo.insert(product({ description: 'Otro arroz', price: '1' }))).toBeUndefined();
    expect(repo.getByCode('7751012000450')?.description).toBe('Arroz Costeño Extra 5 kg');
    expect(repo.count()).toBe(1);
  });

  it('stores codes as given (case-sensitive) and looks them up trimmed and in any case, the exact code first', () => {
    const { repo } = catalogueFixture();
    repo.insert(product({ code: 'abc1', description: 'Minúscula', price: '5' }));
    expect(repo.insert(product({ code: 'ABC1', description: 'Mayúscula', price: '7.5' }))).toBeDefined();
    expect(repo.getByCode('abc1')?.description).toBe('Minúscula');
    expect(repo.getByCode('ABC1')?.description).toBe('Mayúscula');
    // Neither exactly: the dearest of those differing only in case, so a lower price typed is a cut of both.
    expect(repo.getByCode(' Abc1 ')?.description).toBe('Mayúscula');
    expect(repo.getByCode('abc2')).toBeUndefined();
  });

  it('refuses malformed values at the database level (CHECK constraints)', () => {
    const { repo } = catalogueFixture();
    const bads = [
      { price: '3.50' }, { price: '0' }, { price: '-1' }, { price: '1e3' }, { price: '03.5' }, { price: '1.' },
      { price: '0.00000000001' }, { unit: 'kgm' }, { code: ' 77 ' }, { code: 'x'.repeat(31) }, { description: '' },
    ] as const;
    bads.forEach((bad, i) => {
      expect(() => repo.insert(product({ code: `C${i}`, ...bad })), JSON.stringify(bad)).toThrow(/CHECK/);
    });
    expect(() => repo.insert(product({ affectation: '30' as '10' }))).toThrow(/CHECK/);
    expect(repo.insert(product({ code: 'OK1', price: '0.0000000001' }))?.price).toBe('0.0000000001');
  });

  it('updates every field, also the code, and leaves updated_at alone when nothing differs', () => {
    const { repo } = catalogueFixture();
    const first = repo.insert(product())!;
    const same = repo.update('7751012000450', product());
    expect(same).toEqual(first);

    const changed = repo.update('7751012000450', product({ code: 'ARROZ5', price: '25.5' }))!;
    expect(changed).toMatchObject({ id: first.id, code: 'ARROZ5', price: '25.5', created_at: first.created_at });
    expect(changed.updated_at > first.updated_at).toBe(true);
    expect(repo.getByCode('7751012000450', { includeInactive: true })).toBeUndefined();
    expect(repo.search({ text: 'ARROZ5' }).map((r) => r.code)).toEqual(['ARROZ5']);
    expect(repo.update('NOPE', product())).toBeUndefined();
  });

  it('upserts by code: inserted, updated, unchanged', () => {
    const { repo } = catalogueFixture();
    expect(repo.upsert(product()).outcome).toBe('inserted');
    const unchanged = repo.upsert(product());
    expect(unchanged.outcome).toBe('unchanged');
    expect(unchanged.row.updated_at).toBe(unchanged.row.created_at);
    const updated = repo.upsert(product({ price: '26' }));
    expect(updated.outcome).toBe('updated');
    expect(updated.row.price).toBe('26');
  });

  it('keeps the stored bag and active flags when an upsert leaves them out', () => {
    const { repo } = catalogueFixture();
    repo.insert(product({ code: 'B1', bag: true, active: false }));
    const { bag: _bag, active: _active, ...rest } = product({ code: 'B1' });
    expect(repo.upsert(rest).outcome).toBe('unchanged');
    expect(repo.getByCode('B1', { includeInactive: true })).toMatchObject({ bag: 1, active: 0 });
    const created = repo.upsert({ ...rest, code: 'B2' });
    expect(created.row).toMatchObject({ bag: 0, active: 1 });
  });

  it('bulk upserts in one transaction: a failing row stores none of them', () => {
    const { repo } = catalogueFixture();
    repo.insert(product({ code: 'KEEP', price: '1' }));
    expect(() =>
      repo.bulkUpsert([product({ code: 'NEW1' }), product({ code: 'KEEP', price: '2' }), product({ code: 'BAD', price: 'x' })]),
    ).toThrow(/CHECK/);
    expect(repo.count()).toBe(1);
    expect(repo.getByCode('KEEP')?.price).toBe('1');

    expect(repo.bulkUpsert([product({ code: 'NEW1' }), product({ code: 'KEEP', price: '2' }), product({ code: 'KEEP2', price: '1' })]))
      .toEqual({ inserted: 2, updated: 1, unchanged: 0 });
    expect(repo.bulkUpsert([product({ code: 'NEW1' }), product({ code: 'KEEP', price: '2' })]))
      .toEqual({ inserted: 0, updated: 0, unchanged: 2 });
  });

  it('deactivates and activates; the scan path sees active products only', () => {
    const { repo } = catalogueFixture();
    const first = repo.insert(product())!;
    const off = repo.deactivate(first.code)!;
    expect(off.active).toBe(0);
    expect(off.updated_at > first.updated_at).toBe(true);
    expect(repo.getByCode(first.code)).toBeUndefined();
    expect(repo.getByCode(first.code, { includeInactive: true })?.active).toBe(0);
    expect(repo.deactivate(first.code)?.updated_at).toBe(off.updated_at);
    expect(repo.activate(first.code)?.active).toBe(1);
    expect(repo.getByCode(first.code)).toBeDefined();
    expect(repo.setActive('NOPE', true)).toBeUndefined();
  });
});

describe('ProductsRepository: search', () => {
  function seeded() {
    const repo = new ProductsRepository(memoryDb());
    repo.bulkUpsert([
      product({ code: '7751012000450', description: 'Arroz Costeño Extra 5 kg' }),
      product({ code: '7751012000528', description: 'Fideos Don Vittorio Spaghetti 500 g' }),
      product({ code: '7753056000182', description: 'Inca Kola 500 ml' }),
      product({ code: '2000000000114', description: 'Azúcar Rubia a Granel (kg)', unit: 'KGM' }),
      product({ code: '2000000000350', description: 'Pan Francés (unidad)' }),
      product({ code: 'PIÑA-01', description: 'Piña Golden (kg)', unit: 'KGM', affectation: '20' }),
      product({ code: '775', description: 'Código corto de prueba' }),
      product({ code: 'ARR-9', description: 'Bolsa de arroz vacía' }),
      product({ code: 'X1', description: 'Arroz Viejo', active: false }),
    ]);
    return repo;
  }
  const codes = (repo: ProductsRepository, text: string, extra: object = {}) => repo.search({ text, ...extra }).map((r) => r.code);

  it('matches word prefixes of the description, ignoring accents and case, in description order', () => {
    const repo = seeded();
    expect(codes(repo, 'azucar')).toEqual(['2000000000114']);
    expect(codes(repo, 'AZÚC')).toEqual(['2000000000114']);
    expect(codes(repo, 'frances')).toEqual(['2000000000350']);
    expect(codes(repo, 'pina gol')).toEqual(['PIÑA-01']);
    expect(codes(repo, 'kola inca')).toEqual(['7753056000182']);
    expect(codes(repo, 'arroz extra')).toEqual(['7751012000450']);
    expect(codes(repo, 'arr')).toEqual(['7751012000450', 'ARR-9']); // by description: Arroz…, Bolsa de arroz…
    expect(codes(repo, 'rroz')).toEqual([]);
  });

  it('leaves inactive products out unless asked', () => {
    const repo = seeded();
    expect(codes(repo, 'viejo')).toEqual([]);
    expect(codes(repo, 'viejo', { includeInactive: true })).toEqual(['X1']);
    expect(repo.count({ text: 'arroz' })).toBe(2);
    expect(repo.count({ text: 'arroz', includeInactive: true })).toBe(3);
  });

  it('matches code prefixes, code hits first with the exact code at the top', () => {
    const repo = seeded();
    expect(codes(repo, '775')).toEqual(['775', '7751012000450', '7751012000528', '7753056000182']);
    expect(codes(repo, '77510')).toEqual(['7751012000450', '7751012000528']);
    expect(codes(repo, '7751012000528')).toEqual(['7751012000528']);
    expect(codes(repo, '200000000')).toEqual(['2000000000114', '2000000000350']);
    // A digits-only text also finds descriptions with a word starting with it, after the codes.
    expect(codes(repo, '500')).toEqual(['7751012000528', '7753056000182']);
    // The code range is case-sensitive, the word index is not: 'ARR' finds the code first, then the words.
    expect(codes(repo, 'ARR')).toEqual(['ARR-9', '7751012000450']);
    expect(codes(repo, 'PIÑA-0')).toEqual(['PIÑA-01']);
    expect(repo.count({ text: '775' })).toBe(4);
  });

  it('lists everything by description when there is no text, with limit and offset', () => {
    const repo = seeded();
    const all = codes(repo, '');
    expect(all).toHaveLength(8);
    expect(repo.search({}).map((r) => r.description)).toEqual([
      'Arroz Costeño Extra 5 kg', 'Azúcar Rubia a Granel (kg)', 'Bolsa de arroz vacía', 'Código corto de prueba',
      'Fideos Don Vittorio Spaghetti 500 g', 'Inca Kola 500 ml', 'Pan Francés (unidad)', 'Piña Golden (kg)',
    ]);
    expect(codes(repo, '', { limit: 3 })).toEqual(all.slice(0, 3));
    expect(codes(repo, '', { limit: 3, offset: 6 })).toEqual(all.slice(6));
    expect(repo.count({})).toBe(8);
    expect(repo.count({ includeInactive: true })).toBe(9);
    expect(repo.count()).toBe(9);
  });

  it('pages through code hits and then word hits without repeating or losing any', () => {
    const repo = seeded();
    const all = codes(repo, '775');
    expect(all).toHaveLength(4);
    const pages = [0, 1, 2, 3, 4].map((offset) => codes(repo, '775', { limit: 1, offset }));
    expect(pages.flat()).toEqual(all);
    expect(codes(repo, '500', { limit: 1, offset: 1 })).toEqual(['7753056000182']);
    const arr = codes(repo, 'ARR');
    expect([0, 1, 2].map((offset) => codes(repo, 'ARR', { limit: 1, offset })).flat()).toEqual(arr);
  });

  it('keeps the word index in sync when a description or code changes', () => {
    const repo = seeded();
    repo.update('2000000000350', product({ code: 'PAN1', description: 'Pan Ciabatta' }));
    expect(codes(repo, 'frances')).toEqual([]);
    expect(codes(repo, 'ciabatta')).toEqual(['PAN1']);
    expect(codes(repo, 'pan1')).toEqual(['PAN1']); // code words are indexed too, case ignored
  });

  it('answers nothing for text with nothing searchable, and clamps the limit', () => {
    const repo = seeded();
    expect(codes(repo, '   ')).toHaveLength(8);
    expect(codes(repo, '" *')).toEqual([]);
    expect(codes(repo, 'NEAR(')).toEqual([]);
    expect(codes(repo, '', { limit: 0 })).toHaveLength(1);
    expect(codes(repo, '', { limit: 10_000 })).toHaveLength(8);
  });
});
