// The repository's search against a plain reference implementation, on random catalogues and queries: short
// queries (one or two letters) and longer ones take different query plans, and both must give the same answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProductsRepository, type ProductFields, type ProductRow } from '../../../../electron/core/db';
import { memoryDb, product } from './helpers';

const WORDS = ['Arroz', 'arveja', 'Aceite', 'Azúcar', 'Leche', 'Lejía', 'Pan', 'Papa', 'Piña', 'pañal', 'Ñoqui', 'Árbol', 'café', 'Coca', '500', '5kg', '1.5'];
const CODES = ['775', '7751', '77512', '200', 'A1', 'a1', 'AR-5', 'P-500', 'PAN', 'x'];

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const tokens = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter((t) => t !== '');
/** SQLite NOCASE folds ASCII letters only; ties by code (binary). */
const byDescription = (a: ProductRow, b: ProductRow) => {
  const ka = a.description.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const kb = b.description.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return ka < kb ? -1 : ka > kb ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
};

function reference(rows: ProductRow[], text: string, includeInactive: boolean): string[] {
  const pool = rows.filter((r) => includeInactive || r.active === 1);
  const terms = tokens(text);
  const wordsMatch = (row: ProductRow, descriptionOnly: boolean) => {
    const have = [...tokens(row.description), ...(descriptionOnly ? [] : tokens(row.code))];
    return terms.length > 0 && terms.every((term) => have.some((t) => t.startsWith(term)));
  };
  if (text.trim() === '') return [...pool].sort(byDescription).map((r) => r.code);
  if (/\s/.test(text.trim())) return pool.filter((r) => wordsMatch(r, false)).sort(byDescription).map((r) => r.code);
  const word = text.trim();
  const byCode = pool.filter((r) => r.code.startsWith(word)).sort((a, b) => (a.code < b.code ? -1 : 1));
  const rest = pool.filter((r) => !r.code.startsWith(word) && wordsMatch(r, /^\d+$/.test(word))).sort(byDescription);
  return [...byCode, ...rest].map((r) => r.code);
}

const productArb: fc.Arbitrary<ProductFields> = fc.record({
  code: fc.tuple(fc.constantFrom(...CODES), fc.integer({ min: 0, max: 99 })).map(([c, n]) => `${c}${n}`),
  description: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')),
  active: fc.boolean(),
}).map((p) => product(p));

const queryArb = fc.oneof(
  fc.constantFrom(...WORDS).chain((w) => fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n))),
  fc.constantFrom(...CODES).chain((c) => fc.integer({ min: 1, max: c.length }).map((n) => c.slice(0, n))),
  fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `${a.slice(0, 2)} ${b.slice(0, 3)}`),
  fc.constant(''),
);

describe('ProductsRepository.search against a reference', () => {
  it('finds the same products in the same order, page by page, with the same total', () => {
    // One migrated store emptied between runs: migrating a fresh one for each of 150 runs was most of the test's time.
    const db = memoryDb();
    const repo = new ProductsRepository(db);
    fc.assert(
      fc.property(
        fc.uniqueArray(productArb, { selector: (p) => p.code, minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(queryArb, fc.boolean()), { minLength: 1, maxLength: 8 }),
        (products, queries) => {
          db.sqlite.exec('DELETE FROM products');
          repo.bulkUpsert(products);
          const rows = repo.all();
          for (const [text, includeInactive] of queries) {
            const want = reference(rows, text, includeInactive);
            const got = repo.search({ text, includeInactive, limit: 500 }).map((r) => r.code);
            expect(got, `"${text}" inactive=${includeInactive}`).toEqual(want);
            expect(repo.count({ text, includeInactive })).toBe(want.length);
            const paged: string[] = [];
            for (let offset = 0; offset < want.length + 3; offset += 3) {
              paged.push(...repo.search({ text, includeInactive, limit: 3, offset }).map((r) => r.code));
            }
            expect(paged).toEqual(want);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
