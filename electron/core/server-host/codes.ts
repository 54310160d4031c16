// The one-time code a till registers with, as the office reads it aloud: "ABCD-EFGH-JKMN-PQRS".
// The first two groups are the secret (kept on the server only as a SHA-256); the last two authenticate the shop CA's
// certificate under that secret (an HMAC-SHA-256 of its DER keyed by the secret), so a till trusts the certificate it
// fetched before it sends the secret (register-till.ts). A plain hash of the CA would not do: the CA is public
// (any client reads it before registering), so 8 characters of its hash (~40 bits) can be matched offline by making
// certificates until one fits. Keyed by the secret, a forged CA must guess the 40 bits in the one try a registration
// gives it, without ever seeing them; the code stays 16 characters to type.
import crypto from 'node:crypto';

/** No 0/O, 1/I/L: letters a cashier can read off a screen and type without doubt. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REGISTRATION_CODE_HOURS = 24;

function groups(chars: string): string {
  return chars.match(/.{1,4}/g)!.join('-');
}

/** 8 random characters (about 39 bits); the server refuses an address after 5 wrong codes in 15 minutes. */
export function newSecretCode(): string {
  let out = '';
  while (out.length < 8) {
    const b = crypto.randomBytes(1)[0]!;
    if (b < 248) out += ALPHABET[b % 31]; // 248 = 8 * 31: no bias
  }
  return groups(out);
}

/** The secret as the server hashes it and the MAC is keyed: code characters only, upper case, no dashes. */
function secretKey(secret: string): string {
  return secret.toUpperCase().replace(/[\s-]/g, '');
}

/** 8 characters of the HMAC-SHA-256, keyed by the code's secret, of the CA certificate's DER. */
export function caFingerprintCode(caPem: string, secret: string): string {
  const der = new crypto.X509Certificate(caPem).raw;
  const digest = crypto.createHmac('sha256', secretKey(secret)).update(der).digest();
  let out = '';
  // 248 = 8 * 31: bytes at or above it are skipped, so no character is likelier than another.
  for (let i = 0; out.length < 8; i += 1) {
    if (i >= digest.length) throw new Error('digest exhausted'); // 32 bytes, each kept with p = 248/256: never in practice
    if (digest[i]! < 248) out += ALPHABET[digest[i]! % 31];
  }
  return groups(out);
}

/**
 * Whether the CA certificate a server handed over may be trusted for the code the cashier typed:
 *  - 'invalid' when it is not a CA certificate that signed itself (unreadable, not a CA, or its self-signature does
 *    not verify with its own key: a forged or altered certificate, never trusted whatever the code says);
 *  - 'mismatch' when it is not the certificate the code was made for;
 *  - 'ok' otherwise.
 */
export function checkShopAuthority(caPem: string, code: { secret: string; fingerprint: string }): 'ok' | 'invalid' | 'mismatch' {
  let fingerprint: string;
  try {
    const cert = new crypto.X509Certificate(caPem);
    if (!cert.ca || !cert.checkIssued(cert) || !cert.verify(cert.publicKey)) return 'invalid';
    fingerprint = caFingerprintCode(caPem, code.secret);
  } catch {
    return 'invalid';
  }
  const a = Buffer.from(fingerprint);
  const b = Buffer.from(code.fingerprint.toUpperCase());
  return a.length === b.length && crypto.timingSafeEqual(a, b) ? 'ok' : 'mismatch';
}

/** Splits what the cashier typed: spaces and dashes ignored, case too. Null when it is not 16 code characters. */
export function parseRegistrationCode(typed: string): { secret: string; fingerprint: string } | null {
  const chars = typed.toUpperCase().replace(/[\s-]/g, '');
  if (chars.length !== 16 || [...chars].some((c) => !ALPHABET.includes(c))) return null;
  return { secret: chars.slice(0, 8), fingerprint: groups(chars.slice(8)) };
}
