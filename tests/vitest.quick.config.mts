// `npm run test:quick`: the Vitest suite without its slow ends, for the loop while working. Left out: the drills
// (files named *drill*.test.ts: whole till lives as fresh processes, real PostgreSQL clusters, thousands of documents)
// and the shop-server tests (tests/integration/server*/: each file starts its own PostgreSQL cluster). Together they
// were 40 % of Vitest's time. `npm test` runs all.
import os from 'node:os';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base, { DRILLS } from './vitest.config.mjs';

export { DRILLS };
export const SHOP_SERVER = 'tests/integration/server*/**';

// What is left is mostly short waits: two files per CPU keep both busy (179 s with three files at a time on 2 CPUs,
// 162 s with four; 113 s once most files shared their worker processes, tests/vitest.config.mts).
export default mergeConfig(base, defineConfig({
  test: { exclude: [...configDefaults.exclude, DRILLS, SHOP_SERVER], maxWorkers: 2 * os.availableParallelism() },
}));
