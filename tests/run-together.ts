// Runs npm scripts side by side and fails when any of them fails: `npm test` checks lint and types at the same time,
// since each of eslint and tsc keeps one CPU busy (25 s and 21 s one after the other on a 2-CPU machine). Each
// script's output is held and printed whole when it ends, so the two never interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx tests/run-together.ts <npm script> [<npm script> ...]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { shell: process.platform === 'win32' });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString();
      process.stdout.write(`> npm run ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${text}`);
      resolve(code ?? 1);
    });
  });
}

void Promise.all(scripts.map(run)).then((codes) => process.exit(codes.some((code) => code !== 0) ? 1 : 0));
