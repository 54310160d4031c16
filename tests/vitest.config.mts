import { defineConfig } from 'vitest/config';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One file per CPU and one more: many files spend much of their time waiting (fsync, a PostgreSQL cluster
    // starting, tills in their own processes), so one more keeps the CPUs busy. Vitest's own default is one per CPU
    // less one, a single file at a time on a 2-CPU machine: 608 s there against 332 s with 2 and 284 s with 3.
    maxWorkers: os.availableParallelism() + 1,
    // PINs hashed at a cheap cost, except in the drills and the tests of the hash (see the file).
    setupFiles: ['./tests/support/cheap-pin-hash.ts'],
    // What was skipped and why, for the summary at the end of `npm test`.
    reporters: ['default', './tests/support/vitest-skip-reporter.ts'],
  },
});
