// A till process whose network loses answers: a module preloaded with --import (through NODE_OPTIONS, which the
// spawned process inherits) wraps its global fetch so that a seeded share of the sends reach the sandbox (the
// document IS declared) and then fail as a reset socket would. Plain JS with the sandbox's PRNG (mulberry32) inlined,
// so a failing run can be replayed from its seed. The paths it loses are given (invoice/send, note/send).
import { spawnTill, type TillProcess } from './spawn-till';

const LOSSY_FETCH_MODULE = `
const rate = Number(process.env.CAJA_DRILL_LOSS_RATE);
const paths = String(process.env.CAJA_DRILL_LOSS_PATHS).split(',');
let a = Number(process.env.CAJA_DRILL_LOSS_SEED) >>> 0;
const random = () => {
  a = (a + 0x6d2b79f5) >>> 0;
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const realFetch = globalThis.fetch;
globalThis.fetch = async (url, init) => {
  const res = await realFetch(url, init);
  if (paths.some((p) => String(url).endsWith(p)) && random() < rate) {
    await res.arrayBuffer();
    throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
  }
  return res;
};`;
const LOSSY_FETCH_URL = `data:text/javascript;base64,${Buffer.from(LOSSY_FETCH_MODULE).toString('base64')}`;

/** Spawns `script` as a till whose answers to `paths` are lost at `rate`, seeded. */
export function spawnLossyTill(script: string, args: string[], loss: { rate: number; seed: number; paths: string[] }): TillProcess {
  const names = ['NODE_OPTIONS', 'CAJA_DRILL_LOSS_RATE', 'CAJA_DRILL_LOSS_SEED', 'CAJA_DRILL_LOSS_PATHS'];
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  process.env.NODE_OPTIONS = `${saved.NODE_OPTIONS ?? ''} --import=${LOSSY_FETCH_URL}`.trim();
  process.env.CAJA_DRILL_LOSS_RATE = String(loss.rate);
  process.env.CAJA_DRILL_LOSS_SEED = String(loss.seed);
  process.env.CAJA_DRILL_LOSS_PATHS = loss.paths.join(',');
  try {
    return spawnTill(script, args); // the child takes a copy of the environment now
  } finally {
    for (const n of names) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
  }
}
