import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SeriesRepository, StoreError, openDatabase, type Db } from '../../../../electron/core/db';
import { tempDir } from './helpers';

function withMemoryDb(run: (db: Db, series: SeriesRepository) => void): void {
  const db = openDatabase({ path: ':memory:' });
  try {
    run(db, new SeriesRepository(db));
  } finally {
    db.close();
  }
}

describe('SeriesRepository', () => {
  it('refuses to take a number outside a transaction', () => {
    withMemoryDb((_db, series) => {
      series.ensure('03', 'B001');
      expect(() => series.nextNumber('03', 'B001')).toThrow(StoreError);
      expect(series.peekNext('03', 'B001')).toBe(1);
    });
  });

  it('hands out 1..n without gaps or repeats, and a rolled-back number is not spent', () => {
    withMemoryDb((db, series) => {
      series.ensure('03', 'B001');
      series.ensure('01', 'F001');
      const take = db.sqlite.transaction((docType: '01' | '03', name: string) => series.nextNumber(docType, name));
      const boletas = Array.from({ length: 1000 }, () => take('03', 'B001'));
      expect(boletas).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
      expect(take('01', 'F001')).toBe(1); // series are independent

      const failing = db.sqlite.transaction(() => {
        series.nextNumber('03', 'B001');
        throw new Error('the document could not be stored');
      });
      expect(() => failing()).toThrow('the document could not be stored');
      expect(take('03', 'B001')).toBe(1001);
      expect(series.peekNext('03', 'B001')).toBe(1002);
    });
  });

  it('stays unique across two connections to the same file', () => {
    const file = path.join(tempDir(), 'caja.db');
    const a = openDatabase({ path: file });
    const b = openDatabase({ path: file });
    try {
      const seriesA = new SeriesRepository(a);
      const seriesB = new SeriesRepository(b);
      seriesA.ensure('03', 'B001');
      const takeA = a.sqlite.transaction(() => seriesA.nextNumber('03', 'B001'));
      const takeB = b.sqlite.transaction(() => seriesB.nextNumber('03', 'B001'));
      const numbers: number[] = [];
      for (let i = 0; i < 200; i++) numbers.push(takeA.immediate(), takeB.immediate());
      expect(new Set(numbers).size).toBe(400);
      expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    } finally {
      a.close();
      b.close();
    }
  });

  it('ensure() is idempotent and may continue a series started elsewhere', () => {
    withMemoryDb((db, series) => {
      series.ensure('03', 'B002', 1500);
      series.ensure('03', 'B002', 0); // ignored: the series exists
      expect(series.peekNext('03', 'B002')).toBe(1501);
      expect(db.sqlite.transaction(() => series.nextNumber('03', 'B002'))()).toBe(1501);
      expect(series.list()).toEqual([{ doc_type: '03', series: 'B002', last_number: 1501 }]);
    });
  });

  it('reports an unknown series and an exhausted one', () => {
    withMemoryDb((db, series) => {
      const take = db.sqlite.transaction((name: string) => series.nextNumber('03', name));
      expect(() => take('B009')).toThrow(expect.objectContaining({ code: 'unknown_series' }));
      expect(series.peekNext('03', 'B009')).toBeUndefined();
      series.ensure('03', 'B003', 99_999_999);
      expect(() => take('B003')).toThrow(expect.objectContaining({ code: 'series_exhausted' }));
    });
  });
});
