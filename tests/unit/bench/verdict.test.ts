// The bench's verdicts: a figure at its bound is met, one past it is not, whichever way the target points; the
// summary counts them and names every missed one again; a part in another process hands its verdicts over a file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { report } from '../../bench/stats';
import { allVerdicts, judge, summaryLines } from '../../bench/verdict';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('bench verdicts', () => {
  it('says met at the bound and NOT met past it, for an upper and a lower bound', () => {
    expect(judge('search', 20, { figure: 'p95_ms', atMost: 20, unit: 'ms' })).toBe('p95_ms ≤ 20 ms: met');
    expect(judge('search', 20.01, { figure: 'p95_ms', atMost: 20, unit: 'ms' })).toBe('p95_ms ≤ 20 ms: NOT met');
    expect(judge('billing', 10_000, { figure: 'invoices_per_s', atLeast: 10_000 })).toBe('invoices_per_s ≥ 10000: met');
    expect(judge('billing', 9_999, { figure: 'invoices_per_s', atLeast: 10_000 })).toBe('invoices_per_s ≥ 10000: NOT met');
  });

  it('a bench line carries its verdict; a target on a figure the line lacks is an error, not a silent pass', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    report('X report over 5,000 sales', { p50_ms: 150, max_ms: 250 }, { figure: 'max_ms', atMost: 200, unit: 'ms' });
    expect(log.mock.calls[0]?.[0]).toMatch(/p50_ms=150 {2}max_ms=250 {2}\| max_ms ≤ 200 ms: NOT met$/);
    expect(() => report('Z', { ms: 10 }, { figure: 'p95_ms', atMost: 16 })).toThrow(/no figure p95_ms/);
  });

  it('the summary counts the targets met and lists the missed ones again, with the browser part read from its file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-verdicts-'));
    const file = path.join(dir, 'browser.jsonl');
    vi.stubEnv('BENCH_VERDICTS_FILE', file);
    judge('browser: scan → new line rendered', 21, { figure: 'median', atMost: 16, unit: 'ms' });
    vi.unstubAllEnvs();
    const all = allVerdicts(file);
    // This process's verdicts, then the file's copy of the browser line (as run.ts reads it from another process).
    expect(all).toHaveLength(allVerdicts().length + 1);
    expect(all.at(-1)).toMatchObject({ line: 'browser: scan → new line rendered', met: false, value: 21 });
    const lines = summaryLines(all);
    const met = all.filter((v) => v.met).length;
    expect(lines[0]).toBe(`# targets: ${met} of ${all.length} met`);
    const missedAt = lines.indexOf(`# NOT met: ${all.length - met} target(s)`);
    expect(missedAt).toBeGreaterThan(0);
    expect(lines.slice(missedAt + 1).every((l) => l.startsWith('  NOT met'))).toBe(true);
    expect(lines.slice(missedAt + 1).some((l) => l.includes('median 21 ms (target ≤ 16 ms)'))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says so when no target was judged', () => {
    expect(summaryLines([])).toEqual(['# targets: none judged in this run']);
  });
});
