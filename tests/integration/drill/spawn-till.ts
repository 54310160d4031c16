// A till process for the drills: a script run by plain Node from its prebuilt bundle (till-bundle.ts), its output kept
// (stdout and stderr, for the failure message), `ready` once it printed "ready" (its core is up), `exit` with its exit
// code (null when killed). With `loss`, the till's network loses answers (lossy-network.ts), seeded.
// CAJA_DRILL_TSX=1 runs the TypeScript sources through tsx instead (slower starts; stack traces name the sources).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LOSS_ENV, type Loss } from './lossy-network';
import { tillBundle } from './till-bundle';

export interface TillProcess {
  child: ChildProcess;
  ready: Promise<void>;
  exit: Promise<number | null>;
  output: () => string;
}

const LOSSY_PRELOAD = fileURLToPath(new URL('./lossy-fetch-preload.ts', import.meta.url));

function nodeArgs(script: string, loss: Loss | undefined): string[] {
  if (process.env.CAJA_DRILL_TSX === '1') return ['--import', 'tsx', ...(loss ? ['--import', LOSSY_PRELOAD] : []), script];
  return [...(loss ? ['--require', tillBundle(LOSSY_PRELOAD)] : []), tillBundle(script)];
}

export function spawnTill(script: string, args: string[], loss?: Loss): TillProcess {
  const env = loss ? { ...process.env, [LOSS_ENV]: JSON.stringify(loss) } : process.env;
  const child = spawn(process.execPath, [...nodeArgs(script, loss), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let out = '';
  const ready = new Promise<void>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve();
    });
  });
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exit, output: () => out };
}

/**
 * Kills the till that `runs` holds under `key` with SIGKILL, up to `times` times, each after a random pause between
 * `pauseMs[0]` and `pauseMs[1]`, starting it again with `relaunch` each time and waiting until it is up (or ended);
 * stops early once that till finished by itself. Resolves with how many times it was killed.
 */
export async function killAgainAndAgain(runs: Map<string, TillProcess>, key: string, o: { times: number; pauseMs: [number, number]; relaunch: () => TillProcess }): Promise<number> {
  let kills = 0;
  while (kills < o.times) {
    await new Promise((r) => setTimeout(r, o.pauseMs[0] + Math.random() * (o.pauseMs[1] - o.pauseMs[0])));
    const run = runs.get(key);
    if (!run || run.child.exitCode !== null) break;
    run.child.kill('SIGKILL');
    await run.exit;
    kills++;
    const next = o.relaunch();
    runs.set(key, next);
    await Promise.race([next.ready, next.exit]);
  }
  return kills;
}
