// A till process for the drills: a script run by Node with tsx, its output kept (stdout and stderr, for the failure
// message), `ready` once it printed "ready" (its core is up), `exit` with its exit code (null when killed).
import { spawn, type ChildProcess } from 'node:child_process';

export interface TillProcess {
  child: ChildProcess;
  ready: Promise<void>;
  exit: Promise<number | null>;
  output: () => string;
}

export function spawnTill(script: string, args: string[]): TillProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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
