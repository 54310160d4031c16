// The peak memory of reading the largest legitimate CDR, and of refusing the review's zip bomb (about 400 KB
// inflating to 400 MB; before the bounded reader it took the process to 4.7 GB and a fatal heap error). Each case runs
// in a fresh process (cdr-peak.ts) so that its high-water mark is its own.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CDR_LIMITS } from '../../electron/core/cdr';
import { largestLegitimateCdr, zipBomb } from '../unit/core/cdr/fixtures/zip-bomb';
import type { CdrPeak } from './cdr-peak';
import { report } from './stats';

const SCRIPT = fileURLToPath(new URL('./cdr-peak.ts', import.meta.url));

/**
 * Reads `zip` in a child process with at most `heapMb` of V8 heap (so a reader that does not bound itself dies fast
 * instead of taking the machine's memory) and answers what it printed, or the way it died.
 */
export function cdrPeak(zip: Buffer, mode: 'read' | 'unzip' = 'read', heapMb = 512): CdrPeak | { crashed: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-cdr-'));
  try {
    const file = path.join(dir, 'cdr.zip');
    fs.writeFileSync(file, zip);
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const child = spawnSync(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', pathToFileURL(tsx).href, SCRIPT, file, mode], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    const line = child.stdout.trim().split('\n').at(-1) ?? '';
    if (child.status === 0 && line.startsWith('{')) return JSON.parse(line) as CdrPeak;
    return { crashed: `exit ${child.status ?? child.signal}: ${(child.stderr || child.stdout).trim().split('\n').slice(-3).join(' | ')}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const largest = largestLegitimateCdr(CDR_LIMITS.maxEntryBytes);
  const bomb = await zipBomb();
  const lying = await zipBomb({ lie: true });
  const cases: [string, Buffer][] = [
    [`largest legitimate CDR (${(largest.xmlBytes / 1024).toFixed(0)} KB XML, ${largest.notes} notes, ${(largest.zip.length / 1024).toFixed(0)} KB zip)`, largest.zip],
    [`zip bomb refused (${(bomb.length / 1024).toFixed(0)} KB -> 400 MB)`, bomb],
    [`zip bomb with a lying size refused (${(lying.length / 1024).toFixed(0)} KB)`, lying],
  ];
  for (const [name, zip] of cases) {
    const peak = cdrPeak(zip);
    if ('crashed' in peak) throw new Error(`${name}: ${peak.crashed}`);
    report(`cdr ${name}`, {
      peak_rss_mb: peak.peakRssMb,
      over_baseline_mb: Math.round((peak.peakRssMb - peak.baselineRssMb) * 10) / 10,
      read_ms: peak.ms,
      result: peak.ok ? 'read' : `refused (${peak.code})`,
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
