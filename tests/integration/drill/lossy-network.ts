// A network that loses answers: the drills' fetch, which lets a send reach the server (the document IS declared) and
// then throws as a reset socket would, for a seeded share of the sends, so that a failing run can be replayed.
import type { FetchLike } from '../../../electron/core/api';
import { seededRandom } from '../../../electron/sandbox/faults';

/** The network loses the answer of `rate` of the sends AFTER the server processed them. */
export function losingSendAnswers(rate: number, seed: number): { fetch: FetchLike; lost: () => number } {
  const random = seededRandom(seed);
  let lost = 0;
  return {
    lost: () => lost,
    fetch: async (url, init) => {
      const res = await globalThis.fetch(url, init);
      if (url.endsWith('/invoice/send') && random() < rate) {
        await res.arrayBuffer();
        lost += 1;
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
      }
      return res;
    },
  };
}
