// The owner's way back in when no administrator can sign in (every one locked out by wrong PINs, or the PIN
// forgotten): a recovery code shown once when the first administrator is created (or made anew in Ajustes), kept on
// the till only as a slow hash (pin-hash.ts). Spending it sets a new PIN for an administrator, ends their wait, signs
// them in and replaces the code with a new one, shown once. 16 characters of Crockford's base32 carry 80 random bits:
// no wait is needed against guessing it at the screen, and a copied till file gives a hash that scrypt makes as slow
// to search as 80 bits allow.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_CHARS = 16;

/** A new code, in groups of four ("K7QM-3XD9-0TRA-5BWE"). */
export function newRecoveryCode(): string {
  const bytes = randomBytes(RECOVERY_CODE_CHARS);
  // 256 is a multiple of 32: each byte's low 5 bits are uniform.
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/**
 * The code as typed, read the way it was printed: case, spaces and dashes do not matter, and the letters Crockford's
 * alphabet leaves out read as the digits they resemble (O as 0, I and L as 1). Null when it cannot be a code.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const folded = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (folded.length !== RECOVERY_CODE_CHARS || [...folded].some((c) => !ALPHABET.includes(c))) return null;
  return folded;
}
