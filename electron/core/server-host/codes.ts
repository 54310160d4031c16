// The one-time code a till registers with (issue 30), as the office reads it aloud: "ABCD-EFGH-JKMN-PQRS".
// The first two groups are the secret (kept on the server only as a SHA-256); the last two are the shop CA's
// fingerprint, so a till trusts the certificate it fetched before it sends the secret (register-till.ts).
import crypto from 'node:crypto';

/** No 0/O, 1/I/L: letters a cashier can read off a screen and type without doubt. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REGISTRATION_CODE_HOURS = 24;

function groups(chars: string): string {
  return chars.match(/.{1,4}/g)!.join('-');
}

/** 8 random characters (about 39 bits); the server spends all codes after 10 wrong tries a day. */
export function newSecretCode(): string {
  let out = '';
  while (out.length < 8) {
    const b = crypto.randomBytes(1)[0]!;
    if (b < 248) out += ALPHABET[b % 31]; // 248 = 8 * 31: no bias
  }
  return groups(out);
}

/** 8 characters of the SHA-256 of the CA certificate's DER. */
export function caFingerprintCode(caPem: string): string {
  const der = new crypto.X509Certificate(caPem).raw;
  const digest = crypto.createHash('sha256').update(der).digest();
  let out = '';
  for (let i = 0; out.length < 8; i += 1) out += ALPHABET[digest[i]! % 31];
  return groups(out);
}

/** Splits what the cashier typed: spaces and dashes ignored, case too. Null when it is not 16 code characters. */
export function parseRegistrationCode(typed: string): { secret: string; fingerprint: string } | null {
  const chars = typed.toUpperCase().replace(/[\s-]/g, '');
  if (chars.length !== 16 || [...chars].some((c) => !ALPHABET.includes(c))) return null;
  return { secret: chars.slice(0, 8), fingerprint: groups(chars.slice(8)) };
}
