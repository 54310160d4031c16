// Peak memory of reading one CDR zip, in a process that does nothing else: `tsx tests/bench/cdr-peak.ts
// <file.zip> [read|unzip]` prints one JSON line. The zip is read from a file (built by the caller), the baseline is the
// process's high-water mark once everything is loaded, and the peak is the high-water mark after the call. On Linux
// the mark is VmHWM (/proc/self/status), which starts afresh at exec; getrusage's maxRSS would carry the parent's
// size over the fork. Used by the bench (cdr.bench.ts) and by the zip-bomb test.
import fs from 'node:fs';
import { readCdrZip, unzipCdr } from '../../electron/core/cdr';

export interface CdrPeak {
  ok: boolean;
  /** CdrError code and message when refused. */
  code?: string;
  message?: string;
  notes?: number;
  xmlChars?: number;
  baselineRssMb: number;
  peakRssMb: number;
  ms: number;
}

/** The process's peak resident set so far, in KB. */
function highWaterKb(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS;
}

async function main() {
  const [file, mode = 'read'] = process.argv.slice(2);
  if (!file) throw new Error('usage: cdr-peak <file.zip> [read|unzip]');
  const base64 = fs.readFileSync(file).toString('base64');
  const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;
  // Warm the code path on a tiny input, so the baseline already holds the loaded modules.
  await readCdrZip('UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==').catch(() => undefined);
  const baseline = highWaterKb();
  const start = performance.now();
  let result: Omit<CdrPeak, 'baselineRssMb' | 'peakRssMb' | 'ms'>;
  try {
    if (mode === 'unzip') {
      const { xml } = await unzipCdr(base64);
      result = { ok: true, xmlChars: xml.length };
    } else {
      const info = await readCdrZip(base64);
      result = { ok: true, notes: info.notes.length, xmlChars: info.xml.length };
    }
  } catch (e) {
    const error = e as { code?: string; message?: string };
    result = { ok: false, code: error.code, message: error.message };
  }
  const ms = performance.now() - start;
  const peak: CdrPeak = { ...result, baselineRssMb: mb(baseline), peakRssMb: mb(highWaterKb()), ms: Math.round(ms) };
  process.stdout.write(`${JSON.stringify(peak)}\n`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
