// A PIN is stored as a slow hash: scrypt from Node's crypto, a random salt per user, compared in
// constant time. A PIN has only 10^4 (4 digits) or 10^6 (6 digits) values, so the hash's cost is what makes a stolen
// staff table (a till's file, or the shop server's staff rows) costly to read; the sign-in's lockout (lockout.ts) is
// what stops guessing at the till.
//
// Stored as `scrypt$N$r$p$hex`, so the cost can rise later: a hash made with older parameters (or a bare hex hash of the
// older format, made with N = 2^15) still checks, and is made again with today's parameters at the next sign-in.
// Cost measured on this machine (2 cores shared with other work, load average 9-12, so the minimum of about
// 40 runs each): N = 2^15 127 ms, N = 2^16 222 ms, N = 2^17 475 ms. N = 2^16 makes one 6-digit PIN cost
// 10^6 x 0.22 s, about 2.6 days on one core (a 4-digit PIN about 37 minutes: hence Ajustes' 6-digit rule), for about
// a quarter second at sign-in; 64 MiB of memory per hash keeps it costly on graphics cards too.
// The hashing runs on libuv's threadpool (crypto.scrypt) wherever the caller can wait; the supervisor's approval is
// checked inside synchronous services and uses the synchronous form.
import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface PinHashParams {
  N: number;
  r: number;
  p: number;
}

export const CURRENT_PARAMS: PinHashParams = { N: 65536, r: 8, p: 1 };
/** What a bare hex hash (the older format) was made with. */
const LEGACY_PARAMS: PinHashParams = { N: 32768, r: 8, p: 1 };
const KEY_LENGTH = 32;
const PREFIX = 'scrypt';

/**
 * Parameters outside these bounds are refused (the hash then matches no PIN): a crafted staff row must not make the
 * till hash for minutes or take gigabytes. At most 4 times today's work (N x r x p) and 256 MiB.
 */
const inBounds = ({ N, r, p }: PinHashParams) =>
  Number.isSafeInteger(N) && N >= 1024 && (N & (N - 1)) === 0 && r >= 1 && r <= 16 && p >= 1 && p <= 4 &&
  N * r * p <= 4 * CURRENT_PARAMS.N * CURRENT_PARAMS.r * CURRENT_PARAMS.p && 128 * N * r <= 256 * 1024 * 1024;

const optionsOf = (params: PinHashParams): ScryptOptions => ({ ...params, maxmem: 256 * params.N * params.r * params.p + 16 * 1024 * 1024 });

interface StoredHash {
  params: PinHashParams;
  key: Buffer;
}

function parse(stored: string): StoredHash | null {
  if (/^[0-9a-f]{64}$/.test(stored)) return { params: LEGACY_PARAMS, key: Buffer.from(stored, 'hex') };
  const m = /^scrypt\$(\d{1,8})\$(\d{1,2})\$(\d{1,2})\$((?:[0-9a-f]{2}){16,64})$/.exec(stored);
  if (!m?.[4]) return null;
  const params = { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  return inBounds(params) ? { params, key: Buffer.from(m[4], 'hex') } : null;
}

const format = (params: PinHashParams, key: Buffer) => `${PREFIX}$${params.N}$${params.r}$${params.p}$${key.toString('hex')}`;

function scryptAsync(pin: string, salt: string, keyLength: number, params: PinHashParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, keyLength, optionsOf(params), (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The cost new hashes are made with: CURRENT_PARAMS, unless a test chose a cheap one. */
let hashParams: PinHashParams = CURRENT_PARAMS;

/**
 * For tests only: new hashes are made with `params` (undefined: CURRENT_PARAMS again), so a suite that signs staff in
 * hundreds of times does not spend a quarter second on each. Nothing in electron/ calls it (a test checks that, and
 * that a fresh module hashes at full cost); `params` must still be within the bounds a stored hash may have.
 */
export function setPinHashParamsForTests(params: PinHashParams | undefined): void {
  if (params && !inBounds(params)) throw new Error(`PIN hash parameters out of bounds: ${JSON.stringify(params)}`);
  hashParams = params ?? CURRENT_PARAMS;
}

/** The parameters hashPin uses now. */
export const pinHashParams = (): PinHashParams => hashParams;

/** A new hash of `pin` with today's parameters (off the main thread). */
export async function hashPin(pin: string, salt = randomBytes(16).toString('hex')): Promise<{ hash: string; salt: string }> {
  return { hash: format(hashParams, await scryptAsync(pin, salt, KEY_LENGTH, hashParams)), salt };
}

const same = (expected: Buffer, actual: Buffer) => expected.length === actual.length && timingSafeEqual(expected, actual);

/** Whether `pin` is the one hashed in `hash` (off the main thread). An unreadable hash matches no PIN. */
export async function pinMatches(pin: string, hash: string, salt: string): Promise<boolean> {
  const stored = parse(hash);
  return stored !== null && same(stored.key, await scryptAsync(pin, salt, stored.key.length, stored.params));
}

/** pinMatches, blocking: for the checks made inside synchronous services (a supervisor's approval). */
export function pinMatchesSync(pin: string, hash: string, salt: string): boolean {
  const stored = parse(hash);
  return stored !== null && same(stored.key, scryptSync(pin, salt, stored.key.length, optionsOf(stored.params)));
}

/** True when `hash` was made with other parameters than hashPin's (it is made again at the next sign-in). */
export function needsRehash(hash: string): boolean {
  const stored = parse(hash);
  if (!stored) return false;
  const { N, r, p } = stored.params;
  return N !== hashParams.N || r !== hashParams.r || p !== hashParams.p || !hash.startsWith(`${PREFIX}$`);
}
