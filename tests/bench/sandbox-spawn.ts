// Starts the benchmarks' sandbox in a child process (sandbox-process.ts), so its CPU time is not counted as the app's.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ApiConfig } from '../../electron/core/api';

export async function spawnSandbox(latencyMs: number): Promise<{ endpoint: ApiConfig; stop: () => void }> {
  const script = fileURLToPath(new URL('./sandbox-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(latencyMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => child.stdout.once('data', (b: Buffer) => resolve(b.toString())));
  return { endpoint: JSON.parse(line) as ApiConfig, stop: () => child.kill('SIGTERM') };
}
