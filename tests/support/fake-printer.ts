// A network receipt printer for the tests: a TCP server on 127.0.0.1 that keeps every job's bytes (one
// connection = one job), when its first byte arrived, and hands them to decodeEscPos (escpos-decoder.ts).
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface CapturedJob {
  bytes: Buffer;
  /** performance.now() when the job's first byte arrived. */
  firstByteAt: number;
  /** performance.now() when the sender closed the connection. */
  endedAt: number;
}

export interface FakePrinter {
  host: string;
  port: number;
  jobs: CapturedJob[];
  /** Resolves with the next job to end (or one already ended and not yet taken). */
  nextJob(timeoutMs?: number): Promise<CapturedJob>;
  /** Resolves at the next job's first byte, with its time. */
  nextFirstByte(timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

export async function startFakePrinter(): Promise<FakePrinter> {
  const jobs: CapturedJob[] = [];
  let taken = 0;
  const jobWaiters: ((job: CapturedJob) => void)[] = [];
  const byteWaiters: ((at: number) => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    let firstByteAt = 0;
    socket.on('data', (chunk: Buffer) => {
      if (chunks.length === 0) {
        firstByteAt = performance.now();
        byteWaiters.splice(0).forEach((w) => w(firstByteAt));
      }
      chunks.push(chunk);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      if (chunks.length === 0) return;
      const job = { bytes: Buffer.concat(chunks), firstByteAt, endedAt: performance.now() };
      jobs.push(job);
      const waiter = jobWaiters.shift();
      if (waiter) {
        taken += 1;
        waiter(job);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  /** Waits in `list` for the next event; on timeout the waiter leaves the list, so it never swallows a later job. */
  const wait = <T>(list: ((value: T) => void)[], ms: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const waiter = (value: T) => {
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        const at = list.indexOf(waiter);
        if (at >= 0) list.splice(at, 1);
        reject(new Error(`fake printer: no ${what} within ${ms} ms`));
      }, ms);
      list.push(waiter);
    });
  return {
    host: '127.0.0.1',
    port,
    jobs,
    nextJob(timeoutMs = 5_000) {
      if (taken < jobs.length) return Promise.resolve(jobs[taken++]!);
      return wait(jobWaiters, timeoutMs, 'job');
    },
    nextFirstByte(timeoutMs = 5_000) {
      return wait(byteWaiters, timeoutMs, 'first byte');
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
