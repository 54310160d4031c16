// Fault injection: a test (or a drill) queues faults; each one applies to the next N requests of its route.
//
// Kinds:
//   latency(ms)        delay the answer (combines with one of the kinds below)
//   status(code)       answer 500/502/503 with a JSON error body, nothing processed
//   hang               never answer (the socket is destroyed when the sandbox closes)
//   reset              destroy the socket without any response, nothing processed
//   declaredButLost    process the request normally (the document IS registered), then destroy the socket
//   malformed          answer 200 with a body that is not valid JSON, nothing processed
//   unauthorized       answer 401 whatever the token, nothing processed
// Routes: 'send' = POST /api/v1/invoice/send, 'query' = operations 2 to 7, 'any' = every request.
// Faults of the same kind are consumed in the order they were queued; `times` may be Infinity.

export type FaultRoute = 'send' | 'query' | 'any';
export type TerminalFault =
  | { kind: 'status'; code: 500 | 502 | 503 }
  | { kind: 'hang' }
  | { kind: 'reset' }
  | { kind: 'declaredButLost' }
  | { kind: 'malformed' }
  | { kind: 'unauthorized' };

export interface PlannedFaults {
  latencyMs: number;
  terminal?: TerminalFault;
}

export interface ChaosOptions {
  seed: number;
  /** Probability (0..1) that a matching request gets a fault; default 0.3. */
  rate?: number;
  route?: FaultRoute;
  /** Upper bound for the latency fault in ms; default 1500. */
  maxLatencyMs?: number;
}

export interface FaultController {
  latency(ms: number, times?: number, route?: FaultRoute): void;
  status(code: 500 | 502 | 503, times?: number, route?: FaultRoute): void;
  hang(times?: number, route?: FaultRoute): void;
  reset(times?: number, route?: FaultRoute): void;
  declaredButLost(times?: number, route?: FaultRoute): void;
  malformed(times?: number, route?: FaultRoute): void;
  unauthorized(times?: number, route?: FaultRoute): void;
  /** Random faults from a seeded generator (reproducible drills); `clear()` stops it. */
  chaos(options: ChaosOptions): void;
  /** Drops every queued fault and stops chaos mode. */
  clear(): void;
  /** Number of queued faults still to be applied (Infinity if any is unlimited). */
  pending(): number;
}

interface Entry<T> {
  value: T;
  remaining: number;
  route: FaultRoute;
}

export interface FaultEngine extends FaultController {
  /** Consumes the faults that apply to one request of the given route. */
  plan(route: 'send' | 'query' | 'other'): PlannedFaults;
}

function matches(filter: FaultRoute, route: 'send' | 'query' | 'other'): boolean {
  return filter === 'any' || filter === route;
}

function checkTimes(times: number): number {
  if (!(times > 0)) throw new RangeError('times must be > 0');
  return times;
}

/** Small deterministic PRNG (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHAOS_KINDS: ReadonlyArray<TerminalFault | 'latency'> = [
  'latency',
  { kind: 'status', code: 500 },
  { kind: 'status', code: 502 },
  { kind: 'status', code: 503 },
  { kind: 'reset' },
  { kind: 'declaredButLost' },
  { kind: 'malformed' },
];

export function createFaultEngine(): FaultEngine {
  let latencies: Entry<number>[] = [];
  let terminals: Entry<TerminalFault>[] = [];
  let chaos: { random: () => number; rate: number; route: FaultRoute; maxLatencyMs: number } | undefined;

  const queue = (fault: TerminalFault, times: number, route: FaultRoute): void => {
    terminals.push({ value: fault, remaining: checkTimes(times), route });
  };

  function take<T>(list: Entry<T>[], route: 'send' | 'query' | 'other'): T | undefined {
    const entry = list.find((e) => e.remaining > 0 && matches(e.route, route));
    if (!entry) return undefined;
    entry.remaining -= 1;
    return entry.value;
  }

  function chaosPlan(route: 'send' | 'query' | 'other'): PlannedFaults | undefined {
    if (!chaos || !matches(chaos.route, route) || chaos.random() >= chaos.rate) return undefined;
    const pick = CHAOS_KINDS[Math.floor(chaos.random() * CHAOS_KINDS.length)] ?? 'latency';
    if (pick === 'latency') return { latencyMs: Math.round(chaos.random() * chaos.maxLatencyMs) };
    return { latencyMs: 0, terminal: pick };
  }

  return {
    latency(ms, times = 1, route = 'send') {
      if (!(ms >= 0)) throw new RangeError('ms must be >= 0');
      latencies.push({ value: ms, remaining: checkTimes(times), route });
    },
    status(code, times = 1, route = 'send') {
      if (![500, 502, 503].includes(code)) throw new RangeError('status must be 500, 502 or 503');
      queue({ kind: 'status', code }, times, route);
    },
    hang: (times = 1, route = 'send') => queue({ kind: 'hang' }, times, route),
    reset: (times = 1, route = 'send') => queue({ kind: 'reset' }, times, route),
    declaredButLost: (times = 1, route = 'send') => queue({ kind: 'declaredButLost' }, times, route),
    malformed: (times = 1, route = 'send') => queue({ kind: 'malformed' }, times, route),
    unauthorized: (times = 1, route = 'send') => queue({ kind: 'unauthorized' }, times, route),
    chaos(options) {
      chaos = {
        random: seededRandom(options.seed),
        rate: options.rate ?? 0.3,
        route: options.route ?? 'send',
        maxLatencyMs: options.maxLatencyMs ?? 1500,
      };
    },
    clear() {
      latencies = [];
      terminals = [];
      chaos = undefined;
    },
    pending() {
      return [...latencies, ...terminals].reduce((sum, e) => sum + e.remaining, 0);
    },
    plan(route) {
      const latencyMs = take(latencies, route) ?? 0;
      const terminal = take(terminals, route);
      if (latencyMs === 0 && !terminal) return chaosPlan(route) ?? { latencyMs: 0 };
      return terminal ? { latencyMs, terminal } : { latencyMs };
    },
  };
}
