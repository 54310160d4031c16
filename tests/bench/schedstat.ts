// Linux's per-thread scheduler counters (/proc/<pid>/task/<tid>/schedstat), read by the benchmarks to tell the app's
// own work from what the machine does to it: the CPU time of another process, the time a thread waited for a CPU.
import fs from 'node:fs';

/** Every thread's time on a CPU, summed, in ms, of process `pid`, or NaN (not Linux, or the process is gone). */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return Number.NaN;
  }
  return tids.reduce((ns, tid) => ns + schedstat(`/proc/${pid}/task/${tid}/schedstat`).onCpuNs, 0) / 1e6;
}

/**
 * How long this process's main thread waited, runnable, for a CPU while `work` ran (ms; NaN off Linux). A main-loop
 * stall with this time high and the loop idle is the machine giving the CPU to someone else, not the app's work.
 */
export async function mainThreadWait<T>(work: () => Promise<T>): Promise<{ result: T; waitMs: number }> {
  const file = `/proc/${process.pid}/task/${process.pid}/schedstat`;
  const before = schedstat(file);
  const result = await work();
  return { result, waitMs: (schedstat(file).waitNs - before.waitNs) / 1e6 };
}

/**
 * One thread's scheduler counters: nanoseconds on a CPU and nanoseconds spent runnable but waiting for a CPU; NaN
 * when the file cannot be read.
 */
function schedstat(file: string): { onCpuNs: number; waitNs: number } {
  try {
    const [onCpu, wait] = fs.readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    return { onCpuNs: onCpu ?? Number.NaN, waitNs: wait ?? Number.NaN };
  } catch {
    return { onCpuNs: Number.NaN, waitNs: Number.NaN };
  }
}
