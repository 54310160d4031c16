// Vitest setup file: PINs are hashed at N = 2^10 instead of 2^16 (a few milliseconds instead of a quarter second),
// since the suite hashes and checks PINs hundreds of times. Left at full cost: the drills, whose tills run as other
// processes that would take a cheap hash for an old one and hash it again at their next sign-in, and the tests of the
// hash itself, which set CURRENT_PARAMS back (setPinHashParamsForTests(undefined)).
import { expect } from 'vitest';
import { setPinHashParamsForTests } from '../../electron/core/users/pin-hash';
import { CHEAP_PIN_HASH } from './cheap-pin-hash-params';

export { CHEAP_PIN_HASH };

/** Whether the test file at `testPath` hashes cheaply: every one but the drills. */
export const usesCheapPinHash = (testPath: string): boolean => !/drill/.test(testPath.split(/[\\/]/).pop() ?? '');

if (usesCheapPinHash(expect.getState().testPath ?? '')) setPinHashParamsForTests(CHEAP_PIN_HASH);
