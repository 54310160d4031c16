// Canonical JSON (object keys sorted, recursively) and the document hash derived from it.
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(source).sort()) {
      if (source[key] !== undefined) sorted[key] = sortKeys(source[key]);
    }
    return sorted;
  }
  return value;
}

/** base64(SHA-1(canonical payload + secret)): 28 characters, like a SUNAT DigestValue. */
export function documentHash(canonical: string, secret: string): string {
  return createHash('sha1').update(canonical).update(secret).digest('base64');
}

/** Document number without leading zeros ('00000042' -> '42'); non-numeric input is returned trimmed. */
export function normalizeNumber(value: string | number): string {
  const text = String(value).trim();
  return /^\d+$/.test(text) ? String(Number.parseInt(text, 10)) : text;
}

export function documentKey(ruc: string, docType: string, series: string, number: string | number): string {
  return `${ruc}-${docType}-${series.toUpperCase()}-${normalizeNumber(number)}`;
}
