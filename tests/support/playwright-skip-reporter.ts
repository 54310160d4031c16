// Records the browser or Electron tests Playwright skipped, with the reason given to test.skip(), in
// test-results/skips/<name>.json for the summary at the end of `npm test` (tests/skip-summary.ts).
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { writeSkipRecord, type SkippedTest } from './skip-record';

export default class SkipReporter implements Reporter {
  private readonly skipped: SkippedTest[] = [];
  private readonly name: string;

  constructor(options: { name?: string } = {}) {
    this.name = options.name ?? 'playwright';
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const reason = [...test.annotations, ...result.annotations].find((a) => a.type === 'skip' && a.description)?.description;
    this.skipped.push({
      where: path.relative(process.cwd(), test.location.file),
      title: test.titlePath().filter(Boolean).slice(-1)[0] ?? test.title,
      why: reason ?? 'skipped without a reason',
    });
  }

  onEnd(): void {
    writeSkipRecord(this.name, this.skipped);
  }

  printsToStdio(): boolean {
    return false;
  }
}
