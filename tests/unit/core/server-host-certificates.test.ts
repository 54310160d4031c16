// The shop's CA and the server certificate, written in DER with Node's crypto (no openssl on a shop's
// Windows PC). Checked by Node's X509Certificate and, independently, by `openssl verify` where openssl exists.
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { certificateCovers, makeAuthority, makeServerCertificate } from '../../../electron/core/server-host/certificates';
import { caFingerprintCode, newSecretCode, parseRegistrationCode } from '../../../electron/core/server-host/codes';

const now = new Date('2026-11-25T12:00:00Z');
const ca = makeAuthority('Bodega San Martín', now);
const server = makeServerCertificate(ca, ['127.0.0.1', '192.168.1.10', 'caja-oficina', 'fe80::1'], now);

describe('the shop\'s certificates', () => {
  it('makes a CA that only signs certificates, and a server certificate it signed for every address', () => {
    const caCert = new crypto.X509Certificate(ca.certPem);
    const cert = new crypto.X509Certificate(server.certPem);
    expect(caCert.ca).toBe(true);
    expect(cert.ca).toBe(false);
    expect(cert.checkIssued(caCert)).toBe(true);
    expect(cert.verify(caCert.publicKey)).toBe(true);
    expect(cert.checkIP('192.168.1.10')).toBe('192.168.1.10');
    expect(cert.checkIP('fe80::1')).toBeDefined();
    expect(cert.checkHost('caja-oficina')).toBe('caja-oficina');
    expect(cert.checkIP('192.168.1.11')).toBeUndefined();
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']); // extended key usage: TLS server only
    expect(crypto.createPrivateKey(server.keyPem).asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  });

  it('is renewed when an address is new, when it ends within a month, or when another CA signed it', () => {
    expect(certificateCovers(server.certPem, ca, ['127.0.0.1', '192.168.1.10'], now)).toBe(true);
    expect(certificateCovers(server.certPem, ca, ['192.168.1.20'], now)).toBe(false);
    expect(certificateCovers(server.certPem, ca, ['127.0.0.1'], new Date(now.getTime() + 800 * 86_400_000))).toBe(false);
    expect(certificateCovers(server.certPem, makeAuthority('Otra', now), ['127.0.0.1'], now)).toBe(false);
  });

  it.skipIf(spawnSync('openssl', ['version']).status !== 0)('passes `openssl verify` for TLS servers', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-cert-'));
    try {
      fs.writeFileSync(path.join(dir, 'ca.pem'), ca.certPem);
      fs.writeFileSync(path.join(dir, 'server.pem'), server.certPem);
      const out = execFileSync('openssl', ['verify', '-x509_strict', '-purpose', 'sslserver', '-attime', String(Math.floor(now.getTime() / 1000) + 60), '-CAfile', path.join(dir, 'ca.pem'), path.join(dir, 'server.pem')], { encoding: 'utf8' });
      expect(out.trim()).toMatch(/: OK$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('codes: 8 secret characters and the CA\'s MAC under them, typed in any case with or without dashes', () => {
    const secret = newSecretCode();
    expect(secret).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    const code = `${secret}-${caFingerprintCode(ca.certPem, secret)}`;
    expect(parseRegistrationCode(code.toLowerCase().replace(/-/g, ' '))).toEqual({ secret: secret.replace('-', ''), fingerprint: caFingerprintCode(ca.certPem, secret) });
    expect(parseRegistrationCode('ABCD-EFGH-JKMN-PQR0')).toBeNull(); // 0 is not in the alphabet
    expect(caFingerprintCode(makeAuthority('Otra', now).certPem, secret)).not.toBe(caFingerprintCode(ca.certPem, secret));
  });
});
