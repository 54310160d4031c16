import { defineConfig } from 'vitest/config';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/** The drills: whole till lives as other processes, real PostgreSQL clusters, thousands of documents. */
export const DRILLS = '**/*drill*.test.ts';

/**
 * Files that change what a process holds for every file after them, so each runs in a fresh process: Electron's
 * modules mocked, the native binding or the PostgreSQL programs' folder chosen once per process, the umask, the PIN
 * hash module loaded again, globals and environment variables stubbed, and the drills (till lives as other processes,
 * their environment passed on).
 */
export const ISOLATED = [
  'tests/unit/electron/**/*.test.ts',
  'tests/integration/server-host/tray.test.ts',
  'tests/integration/server/programs-copy-planted.test.ts',
  'tests/integration/server/binaries-reach.test.ts',
  'tests/integration/core/private-files.test.ts',
  'tests/integration/core/pin-lockout.test.ts',
  'tests/unit/core/users/pin-hash-cost.test.ts',
  'tests/unit/bench/verdict.test.ts',
  'tests/integration/core/verdicts.test.ts',
  'tests/unit/renderer/app/document-changes.test.ts',
  DRILLS,
];

const ALL = ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
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
    projects: [
      // Most files leave nothing behind in the process, and share one: each worker process loads the core's modules
      // once instead of once per file (2,063 tests took 245 s this way on 2 CPUs against 377 s with a fresh process
      // per file). The setup file still runs before each file.
      { extends: true, test: { name: 'shared', include: ALL, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
