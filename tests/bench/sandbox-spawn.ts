// Starts the benchmarks' sandbox in a child process (sandbox-process.ts), so its CPU time is not counted as the app's.
// The sandbox stands in for the provider's servers, which on a real till run elsewhere; here it shares this machine's
// CPUs with the app, so its CPU time is reported next to the app's (cpuMs) to read the app's figures against it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ApiConfig } from '../../electron/core/api';

export interface SandboxProcess {
  endpoint: ApiConfig;
  /** CPU time the sandbox process has used so far, in ms (Linux: /proc/<pid>/schedstat; NaN elsewhere). */
  cpuMs: () => number;
  stop: () => void;
}

export async function spawnSandbox(latencyMs: number): Promise<SandboxProcess> {
  const script = fileURLToPath(new URL('./sandbox-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(latencyMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => child.stdout.once('data', (b: Buffer) => resolve(b.toString())));
  return {
    endpoint: JSON.parse(line) as ApiConfig,
    cpuMs: () => processCpuMs(child.pid),
    stop: () => child.kill('SIGTERM'),
  };
}

/** Every thread's time on a CPU, summed, in ms, of process `pid` (Linux's per-thread schedstat), or NaN. */
function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    let ns = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) ns += schedstat(`/proc/${pid}/task/${tid}/schedstat`).onCpuNs;
    return ns / 1e6;
  } catch {
    return Number.NaN;
  }
}

/**
 * One thread's scheduler counters (Linux, /proc/…/schedstat): nanoseconds on a CPU, nanoseconds spent runnable but
 * waiting for a CPU, and time slices.
 */
export function schedstat(file: string): { onCpuNs: number; waitNs: number; slices: number } {
  const [onCpu, wait, slices] = fs.readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
  return { onCpuNs: onCpu ?? Number.NaN, waitNs: wait ?? Number.NaN, slices: slices ?? Number.NaN };
}

/**
 * How long this process's main thread waited, runnable, for a CPU while `work` ran (ms; NaN off Linux). A main-loop
 * stall with this time high and the loop idle is the machine giving the CPU to someone else, not the app's work.
 */
export async function mainThreadWait<T>(work: () => Promise<T>): Promise<{ result: T; waitMs: number; slices: number }> {
  const file = `/proc/${process.pid}/task/${process.pid}/schedstat`;
  const read = () => {
    try {
      return schedstat(file);
    } catch {
      return { onCpuNs: Number.NaN, waitNs: Number.NaN, slices: Number.NaN };
    }
  };
  const before = read();
  const result = await work();
  const after = read();
  return { result, waitMs: (after.waitNs - before.waitNs) / 1e6, slices: after.slices - before.slices };
}
