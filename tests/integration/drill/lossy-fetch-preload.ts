// Loaded with --import before a drill's till process: when the drill asked for a lossy network (LOSS_ENV holds
// the loss as JSON), the process's global fetch loses answers as lossy-network.ts says.
import { LOSS_ENV, losingAnswers, type Loss } from './lossy-network';

const asked = process.env[LOSS_ENV];
if (asked) {
  const realFetch = globalThis.fetch;
  const lossy = losingAnswers((url, init) => realFetch(url, init), JSON.parse(asked) as Loss);
  globalThis.fetch = ((url: string, init?: RequestInit) => lossy.fetch(String(url), init)) as typeof fetch;
}
