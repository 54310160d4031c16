// How many bytes this process has handed to write calls so far, all its threads together (Linux's /proc/self/io,
// `wchar`): what a copy really wrote, worker threads included, whatever file it went to. null where there is no
// such file (not Linux).
import fs from 'node:fs';

export function bytesWritten(): number | null {
  try {
    const line = fs.readFileSync('/proc/self/io', 'utf8').split('\n').find((l) => l.startsWith('wchar:'));
    return line ? Number(line.split(':')[1]) : null;
  } catch {
    return null;
  }
}
