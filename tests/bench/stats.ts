/** Small helpers for the benchmark scripts: percentiles and aligned printing, with the verdict of each target. */
import { judge, type Target } from './verdict';

export type { Target };

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

/**
 * One bench line: its name and figures; each target names one of the figures and adds "<figure> ≤ bound: met" (or
 * "NOT met") to the line, kept for the run's summary (verdict.ts).
 */
export function report(name: string, figures: Record<string, string | number>, ...targets: Target[]): void {
  const parts = Object.entries(figures).map(([k, v]) => `${k}=${typeof v === 'number' ? round(v) : v}`);
  const verdicts = targets.map((t) => {
    const value = figures[t.figure];
    if (typeof value !== 'number') throw new Error(`bench line "${name}": no figure ${t.figure} to judge`);
    return judge(name, value, t);
  });
  console.log(`${name.padEnd(44)} ${parts.join('  ')}${verdicts.length > 0 ? `  | ${verdicts.join('; ')}` : ''}`);
}

const round = (v: number) => (Number.isInteger(v) ? String(v) : Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));

/** Runs `fn` `n` times and returns each duration in ms. */
export async function timeEach(n: number, fn: (i: number) => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}
