// A PIN is stored as a slow hash (issue 13): scrypt from Node's crypto, a random salt per user, compared in constant
// time. A 4-digit PIN has only 10,000 values, so the hash is what makes a stolen database file costly to read;
// the sign-in's own throttle (auth.ts) is what stops guessing at the till.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// N = 2^15 costs ~50-100 ms on a shop PC: unnoticeable at sign-in, 10,000 PINs take minutes per user.
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

export function hashPin(pin: string, salt = randomBytes(16).toString('hex')): { hash: string; salt: string } {
  return { hash: scryptSync(pin, salt, KEY_LENGTH, PARAMS).toString('hex'), salt };
}

export function pinMatches(pin: string, hash: string, salt: string): boolean {
  const expected = Buffer.from(hash, 'hex');
  const actual = scryptSync(pin, salt, KEY_LENGTH, PARAMS);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
