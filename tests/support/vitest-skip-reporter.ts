// Records the tests Vitest skipped (by skip, skipIf or ctx.skip) in test-results/skips/vitest.json, so that the end
// of `npm test` can say what did not run here and why (tests/skip-summary.ts).
import type { Reporter, TestModule } from 'vitest/node';
import { writeSkipRecord, type SkippedTest } from './skip-record';

export default class SkipReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped: SkippedTest[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) {
        if (test.options.mode === 'todo') continue;
        const result = test.result();
        const note = result.state === 'skipped' ? result.note : undefined;
        skipped.push({ where: module.relativeModuleId, title: test.fullName, why: note ?? 'its skip condition held on this machine (see the test)' });
      }
    }
    writeSkipRecord('vitest', skipped);
  }
}
