// A till process for the drills: a script run by Node with tsx, its output kept (stdout and stderr, for the failure
// message), `ready` once it printed "ready" (its core is up), `exit` with its exit code (null when killed). With
// `loss`, the till's network loses answers (lossy-network.ts), seeded.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LOSS_ENV, type Loss } from './lossy-network';

export interface TillProcess {
  child: ChildProcess;
  ready: Promise<void>;
  exit: Promise<number | null>;
  output: () => string;
}

const LOSSY_PRELOAD = fileURLToPath(new URL('./lossy-fetch-preload.ts', import.meta.url));

export function spawnTill(script: string, args: string[], loss?: Loss): TillProcess {
  const preload = loss ? ['--import', LOSSY_PRELOAD] : [];
  const env = loss ? { ...process.env, [LOSS_ENV]: JSON.stringify(loss) } : process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
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
