import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // PINs hashed at a cheap cost, except in the drills and the tests of the hash (see the file).
    setupFiles: ['./tests/support/cheap-pin-hash.ts'],
    // What was skipped and why, for the summary at the end of `npm test`.
    reporters: ['default', './tests/support/vitest-skip-reporter.ts'],
  },
});
