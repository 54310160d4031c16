// `npm run test:quick`: the Vitest suite without the drills (files named *drill*.test.ts: whole till lives as fresh
// processes, real PostgreSQL clusters, thousands of documents), which take a quarter of its time. `npm test` runs all.
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.mjs';

export const DRILLS = '**/*drill*.test.ts';

export default mergeConfig(base, defineConfig({ test: { exclude: [...configDefaults.exclude, DRILLS] } }));
