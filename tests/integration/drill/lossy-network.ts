// A network that loses answers, the drills' only one: a fetch that lets a request reach the server (the document IS
// declared) and then throws as a reset socket would, for a seeded share of the requests to the given paths, so that
// a failing run can be replayed from its seed. In the drill's own process it is passed to the core as its fetch; a till
// in its own process gets it through lossy-fetch-preload.ts, which puts it in place of the process's global fetch.
import type { FetchLike } from '../../../electron/core/api';
import { seededRandom } from '../../../electron/sandbox/faults';

export interface Loss {
  /** The share of the answers lost, 0 to 1. */
  rate: number;
  seed: number;
  /** The ends of the URLs whose answers may be lost (e.g. '/invoice/send'). */
  paths: string[];
}

/** `realFetch`, losing the answer of `rate` of the requests to `paths` AFTER the server processed them. */
export function losingAnswers(realFetch: FetchLike, loss: Loss): { fetch: FetchLike; lost: () => number } {
  const random = seededRandom(loss.seed);
  let lost = 0;
  return {
    lost: () => lost,
    fetch: async (url, init) => {
      const res = await realFetch(url, init);
      if (loss.paths.some((p) => String(url).endsWith(p)) && random() < loss.rate) {
        await res.arrayBuffer();
        lost += 1;
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
      }
      return res;
    },
  };
}

/** The answers of the sale sends lost at `rate`, through the process's own fetch. */
export function losingSendAnswers(rate: number, seed: number): { fetch: FetchLike; lost: () => number } {
  return losingAnswers((url, init) => globalThis.fetch(url, init), { rate, seed, paths: ['/invoice/send'] });
}

/** What a till process reads to lose answers (lossy-fetch-preload.ts). */
export const LOSS_ENV = 'CAJA_DRILL_LOSS';
