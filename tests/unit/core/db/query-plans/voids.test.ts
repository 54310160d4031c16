// The status bar's count of void requests not yet settled reads the voids_due index, never the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../electron/core/db';
import { WAITING_COUNT_SQL } from '../../../../../electron/core/db/repositories/voids';
import { expectFlatThrough, shopDatabase } from './plans';

let db: Db;
beforeAll(() => {
  db = shopDatabase(2_000);
});
afterAll(() => db.close());

describe('the voids waiting for SUNAT', () => {
  it('are counted through the voids_due index', () => {
    expectFlatThrough(db, 'voids_due', WAITING_COUNT_SQL);
  });

  it('the statement the repository prepares is that one', () => {
    expect(WAITING_COUNT_SQL).toMatch(/status IN \('pending', 'sending', 'attention'\)/);
  });
});
