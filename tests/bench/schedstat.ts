// Linux's per-thread scheduler counters (/proc/<pid>/task/<tid>/schedstat), read by the benchmarks to tell the app's
// own work from what the machine does to it: the CPU time of another process, the time a thread waited for a CPU.
import fs from 'node:fs';

/** Every thread's time on a CPU, summed, in ms, of process `pid` (Linux's per-thread schedstat), or NaN. */
export function processCpuMs(pid: number | undefined): number {
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
function schedstat(file: string): { onCpuNs: number; waitNs: number; slices: number } {
  const [onCpu, wait, slices] = fs.readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
  return { onCpuNs: onCpu ?? Number.NaN, waitNs: wait ?? Number.NaN, slices: slices ?? Number.NaN };
}

/**
 * How long this process's main thread waited, runnable, for a CPU while `work` ran (ms; NaN off Linux). A main-loop
 * stall with this time high and the loop idle is the machine giving the CPU to someone else, not the app's work.
 */
export async function mainThreadWait<T>(work: () => Promise<T>): Promise<{ result: T; waitMs: number }> {
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
  return { result, waitMs: (after.waitNs - before.waitNs) / 1e6 };
}
