// One way for every part of the bench to say whether a figure met its target ("met" / "NOT met", the figure, the
// bound), and the run's summary of them all. A part in another process (the browser part, under Playwright) appends
// its verdicts to the file BENCH_VERDICTS_FILE names, which run.ts reads back for the summary.
import fs from 'node:fs';

/** A target on one figure of a bench line: the figure must be at most, or at least, the bound. */
export type Target = { figure: string; atMost: number; unit?: string } | { figure: string; atLeast: number; unit?: string };

export interface Verdict {
  line: string;
  figure: string;
  value: number;
  unit: string;
  /** "≤ 16 ms", "≥ 10000". */
  bound: string;
  met: boolean;
}

const verdicts: Verdict[] = [];

const shown = (v: number) => (Number.isInteger(v) ? String(v) : Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));

/** Judges `value` against `target`, keeps the verdict for the summary, and returns its words for the bench line. */
export function judge(line: string, value: number, target: Target): string {
  const unit = target.unit ? ` ${target.unit}` : '';
  const met = 'atMost' in target ? value <= target.atMost : value >= target.atLeast;
  const bound = 'atMost' in target ? `≤ ${shown(target.atMost)}${unit}` : `≥ ${shown(target.atLeast)}${unit}`;
  const verdict: Verdict = { line: line.trim(), figure: target.figure, value, unit, bound, met };
  verdicts.push(verdict);
  const file = process.env.BENCH_VERDICTS_FILE;
  if (file) fs.appendFileSync(file, `${JSON.stringify(verdict)}\n`);
  return `${target.figure} ${bound}: ${met ? 'met' : 'NOT met'}`;
}

/** The verdicts of this process, and those another process appended to `file`. */
export function allVerdicts(file?: string): Verdict[] {
  const others = file && fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Verdict)
    : [];
  return [...verdicts, ...others];
}

/** The summary table at the end of a run: every target, met or not, the missed ones named again last. */
export function summaryLines(all: readonly Verdict[]): string[] {
  if (all.length === 0) return ['# targets: none judged in this run'];
  const missed = all.filter((v) => !v.met);
  const width = Math.min(70, Math.max(...all.map((v) => v.line.length)));
  const row = (v: Verdict) => `  ${v.met ? 'met    ' : 'NOT met'}  ${v.line.padEnd(width)}  ${v.figure} ${shown(v.value)}${v.unit} (target ${v.bound})`;
  return [
    `# targets: ${all.length - missed.length} of ${all.length} met`,
    ...all.map(row),
    ...(missed.length > 0 ? [`# NOT met: ${missed.length} target(s)`, ...missed.map(row)] : []),
  ];
}
