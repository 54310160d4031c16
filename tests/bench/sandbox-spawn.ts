// Starts the benchmarks' sandbox in a child process (sandbox-process.ts), so its CPU time is not counted as the app's.
// The sandbox stands in for the provider's servers, which on a real till run elsewhere; here it shares this machine's
// CPUs with the app, so its CPU time is reported next to the app's (cpuMs) to read the app's figures against it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ApiConfig } from '../../electron/core/api';
import { processCpuMs } from './schedstat';

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
