// The shop's own certificate authority and the server certificate it signs, made with Node's crypto
// alone: P-256 keys from generateKeyPairSync, ECDSA-SHA256 signatures from crypto.sign, and the X.509 structure
// (RFC 5280) written in DER below. No openssl program is needed, which a shop's Windows PC does not have, and no
// extra dependency; Node's own X509Certificate checks every certificate made here before it is used.
import crypto from 'node:crypto';
import net from 'node:net';

// --- DER, the few types a certificate needs ---------------------------------------------------------------------
function tlv(tag: number, body: Buffer): Buffer {
  const n = body.length;
  let len: Buffer;
  if (n < 0x80) len = Buffer.from([n]);
  else {
    const bytes: number[] = [];
    for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
    len = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), len, body]);
}
const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const octets = (b: Buffer) => tlv(0x04, b);
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const explicit = (n: number, inner: Buffer) => tlv(0xa0 + n, inner);
const bits = (b: Buffer, unused = 0) => tlv(0x03, Buffer.concat([Buffer.from([unused]), b]));

function integer(b: Buffer): Buffer {
  let body = b;
  while (body.length > 1 && body[0] === 0 && (body[1]! & 0x80) === 0) body = body.subarray(1);
  if ((body[0]! & 0x80) !== 0) body = Buffer.concat([Buffer.from([0]), body]);
  return tlv(0x02, body);
}

function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const out = [40 * arcs[0]! + arcs[1]!];
  for (const arc of arcs.slice(2)) {
    const chunk = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** UTCTime until 2049, GeneralizedTime after (RFC 5280 § 4.1.2.5). */
function time(d: Date): Buffer {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(cn, 'utf8')))));
const extension = (id: string, critical: boolean, value: Buffer) => seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

/** A key usage BIT STRING from its bit numbers (0 = digitalSignature, 5 = keyCertSign, 6 = cRLSign). */
function keyUsage(bitNumbers: number[]): Buffer {
  let byte = 0;
  for (const b of bitNumbers) byte |= 0x80 >> b;
  let unused = 0;
  while (unused < 7 && ((byte >> unused) & 1) === 0) unused += 1;
  return bits(Buffer.from([byte]), unused);
}

function keyId(publicKey: crypto.KeyObject): Buffer {
  // RFC 5280 § 4.2.1.2 method (1): SHA-1 of the subjectPublicKey bits. The SPKI of a P-256 key ends with them.
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return crypto.createHash('sha1').update(spki.subarray(spki.length - 65)).digest();
}

interface Signed {
  subject: string;
  publicKey: crypto.KeyObject;
  issuer: string;
  issuerKey: crypto.KeyObject;
  issuerPublicKey: crypto.KeyObject;
  days: number;
  extensions: Buffer[];
  now: Date;
}

function certificate(s: Signed): string {
  const serial = crypto.randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01; // positive, never zero
  const notBefore = new Date(s.now.getTime() - 60 * 60 * 1000); // an hour of slack for a till whose clock runs late
  const notAfter = new Date(s.now.getTime() + s.days * 24 * 60 * 60 * 1000);
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))), // v3
    integer(serial),
    ECDSA_SHA256,
    name(s.issuer),
    seq(time(notBefore), time(notAfter)),
    name(s.subject),
    s.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, seq(...s.extensions, extension('2.5.29.35', false, seq(tlv(0x80, keyId(s.issuerPublicKey)))))),
  );
  const signature = crypto.sign('sha256', tbs, { key: s.issuerKey, dsaEncoding: 'der' });
  const der = seq(tbs, ECDSA_SHA256, bits(signature));
  const pem = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
  new crypto.X509Certificate(pem); // throws on anything malformed before a file is written
  return pem;
}

export interface Authority {
  certPem: string;
  keyPem: string;
}

/** The shop's own CA: 20 years, signs only certificates (keyCertSign, cRLSign). */
export function makeAuthority(shopName: string, now = new Date()): Authority {
  const cn = `Caja CA ${shopName.replace(/[^A-Za-z0-9 .-]/g, '')}`.trim().slice(0, 64); // plain, so its text form is exact
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const certPem = certificate({
    subject: cn,
    publicKey,
    issuer: cn,
    issuerKey: privateKey,
    issuerPublicKey: publicKey,
    days: 20 * 365,
    now,
    extensions: [
      extension('2.5.29.19', true, seq(bool(true))),
      extension('2.5.29.15', true, keyUsage([5, 6])),
      extension('2.5.29.14', false, octets(keyId(publicKey))),
    ],
  });
  return { certPem, keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** The server's certificate for every address the tills may type (IPs and host names), signed by the shop's CA. */
export function makeServerCertificate(ca: Authority, addresses: string[], now = new Date()): { certPem: string; keyPem: string } {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const caKey = crypto.createPrivateKey(ca.keyPem);
  const caCert = new crypto.X509Certificate(ca.certPem);
  const altNames = [...new Set(addresses)].map((a) => {
    if (net.isIPv4(a)) return tlv(0x87, Buffer.from(a.split('.').map(Number)));
    if (net.isIPv6(a)) return tlv(0x87, ipv6Bytes(a));
    return tlv(0x82, Buffer.from(a, 'ascii'));
  });
  const certPem = certificate({
    subject: addresses[0] ?? 'caja-servidor',
    publicKey,
    issuer: caCert.subject.replace(/^CN=/, ''),
    issuerKey: caKey,
    issuerPublicKey: caCert.publicKey,
    days: 825,
    now,
    extensions: [
      extension('2.5.29.19', true, seq()),
      extension('2.5.29.15', true, keyUsage([0])),
      extension('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'))),
      extension('2.5.29.17', false, seq(...altNames)),
    ],
  });
  return { certPem, keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

function ipv6Bytes(a: string): Buffer {
  const [head = '', tail = ''] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return Buffer.from(groups.flatMap((g) => [(parseInt(g, 16) >> 8) & 0xff, parseInt(g, 16) & 0xff]));
}

/** True when the certificate was signed by `ca`, is in date, and names every address in `addresses`. */
export function certificateCovers(certPem: string, ca: Authority, addresses: string[], now = new Date()): boolean {
  try {
    const cert = new crypto.X509Certificate(certPem);
    if (!cert.verify(new crypto.X509Certificate(ca.certPem).publicKey)) return false;
    const lastDay = new Date(cert.validTo).getTime() - 30 * 24 * 60 * 60 * 1000; // renewed a month before it ends
    if (now.getTime() > lastDay) return false;
    return addresses.every((a) => (net.isIP(a) ? cert.checkIP(a) !== undefined : cert.checkHost(a) !== undefined));
  } catch {
    return false;
  }
}
