// What each test runner skipped, kept in test-results/skips/ (git-ignored) for tests/skip-summary.ts.
import fs from 'node:fs';
import path from 'node:path';

export interface SkippedTest {
  where: string;
  title: string;
  why: string;
}

export interface SkipRecord {
  runner: string;
  at: string;
  skipped: SkippedTest[];
}

/** Under the folder npm runs its scripts from (the repository's root); Playwright loads this file as CommonJS. */
export const SKIPS_DIR = path.resolve('test-results', 'skips');

export function writeSkipRecord(runner: string, skipped: SkippedTest[], dir = SKIPS_DIR): void {
  fs.mkdirSync(dir, { recursive: true });
  const record: SkipRecord = { runner, at: new Date().toISOString(), skipped };
  fs.writeFileSync(path.join(dir, `${runner}.json`), `${JSON.stringify(record, null, 2)}\n`);
}

/** The summary printed at the end of `npm test`: one line per skipped test, with its reason. */
export function skipSummary(runners: string[], dir = SKIPS_DIR): string {
  const lines: string[] = [];
  let count = 0;
  for (const runner of runners) {
    const file = path.join(dir, `${runner}.json`);
    if (!fs.existsSync(file)) {
      lines.push(`  ${runner}: no record of this run (did it run?)`);
      continue;
    }
    const record = JSON.parse(fs.readFileSync(file, 'utf8')) as SkipRecord;
    for (const s of record.skipped) {
      count += 1;
      lines.push(`  ${runner}: ${s.where} › ${s.title}: ${s.why}`);
    }
  }
  return [count === 0 ? 'Skipped: nothing.' : `Skipped: ${count} test${count === 1 ? '' : 's'}.`, ...lines].join('\n');
}
