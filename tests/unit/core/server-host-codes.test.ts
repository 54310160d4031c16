// The registration code's second half authenticates the shop's CA under the code's secret, and a till trusts a CA
// only when its own self-signature verifies. A plain 8-character hash of the (public) CA could be matched offline by
// making certificates until one fits; a CA whose signature is broken is a forgery whatever its hash.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeAuthority, makeServerCertificate } from '../../../electron/core/server-host/certificates';
import { caFingerprintCode, checkShopAuthority, newSecretCode, parseRegistrationCode } from '../../../electron/core/server-host/codes';

const now = new Date('2026-11-25T12:00:00Z');
const ca = makeAuthority('Bodega San Martín', now);

/** The same certificate with one byte of its signature changed: still readable, no longer signed by its key. */
function withBrokenSignature(pem: string): string {
  const der = Buffer.from(new crypto.X509Certificate(pem).raw);
  der.writeUInt8(der.readUInt8(der.length - 5) ^ 0x01, der.length - 5); // inside the ECDSA signature's last integer, the DER stays well formed
  const b64 = der.toString('base64').match(/.{1,64}/g)!.join('\n');
  return `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`;
}

const codeFor = (pem: string, secret = newSecretCode()) => parseRegistrationCode(`${secret}-${caFingerprintCode(pem, secret)}`)!;

describe('the CA check of a registration code', () => {
  it('the second half cannot be worked out from the CA alone: it changes with the secret', () => {
    const halves = new Set(Array.from({ length: 8 }, () => caFingerprintCode(ca.certPem, newSecretCode())));
    expect(halves.size).toBeGreaterThan(1);
    const secret = newSecretCode();
    // Typed in lower case or without its dash, the secret keys the same MAC.
    expect(caFingerprintCode(ca.certPem, secret.toLowerCase().replace('-', ''))).toBe(caFingerprintCode(ca.certPem, secret));
  });

  it('trusts the CA the code was made for', () => {
    expect(checkShopAuthority(ca.certPem, codeFor(ca.certPem))).toBe('ok');
  });

  it('refuses another CA, or the right CA with a code made under another secret', () => {
    const code = codeFor(ca.certPem);
    expect(checkShopAuthority(makeAuthority('Otra', now).certPem, code)).toBe('mismatch');
    const other = codeFor(ca.certPem);
    expect(checkShopAuthority(ca.certPem, { secret: code.secret, fingerprint: other.fingerprint })).toBe(other.fingerprint === code.fingerprint ? 'ok' : 'mismatch');
  });

  it('never trusts a CA whose self-signature is broken, even with a code made for it', () => {
    const forged = withBrokenSignature(ca.certPem);
    expect(new crypto.X509Certificate(forged).verify(new crypto.X509Certificate(forged).publicKey)).toBe(false);
    expect(checkShopAuthority(forged, codeFor(forged))).toBe('invalid');
  });

  it('never trusts a certificate that is not a CA, or one that is unreadable', () => {
    const leaf = makeServerCertificate(ca, ['127.0.0.1'], now).certPem;
    expect(checkShopAuthority(leaf, codeFor(leaf))).toBe('invalid');
    expect(checkShopAuthority('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n', codeFor(ca.certPem))).toBe('invalid');
  });
});
