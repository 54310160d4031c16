// Runs a program with arguments (never through a shell), bytes on its standard input, within a time limit.
import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export type RunCommand = (file: string, args: readonly string[], options?: { input?: Uint8Array; timeoutMs?: number; env?: NodeJS.ProcessEnv }) => Promise<CommandResult>;

export const runCommand: RunCommand = (file, args, options = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(file, [...args], { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true, env: options.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill();
      reject(Object.assign(new Error(`${file} did not finish in time`), { code: 'ETIMEDOUT' }));
    }, options.timeoutMs ?? 10_000);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ? Buffer.from(options.input) : undefined);
  });
