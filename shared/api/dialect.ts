// The two dialects of the invoicing API. The API document (docs/api/invoicing-api.md) is anonymised: "authority" stands for
// SUNAT. The real provider (Factiliza) answers with the real names, listed with their evidence in
// docs/api/provider-factiliza.md. The app speaks the document's names to a server that speaks them (the
// sandbox's default) and the real ones to the real service; it READS either name in any answer (tolerant), because
// some of the real names were seen in one source only.
//
// This module is the one place where the two sets of names meet: the core's client maps at its edge (the rest of the
// core keeps the document's names), and the sandbox maps its answers when it plays the real provider.

export const PROVIDERS = ['document', 'factiliza'] as const;
export type Provider = (typeof PROVIDERS)[number];

/**
 * Path segment of the query operations: /v1/authority/boleta/... in the document, /v1/sunat/boleta/... at Factiliza
 * (receipt records ×2). The CDR query (POST /v1/sunat/cdr) and the guides (/v2/sunat/guia/...) were not seen
 * with the real name: they follow the same rule, the most likely path (docs/api/provider-factiliza.md, "not seen").
 */
export function authoritySegment(provider: Provider): 'authority' | 'sunat' {
  return provider === 'factiliza' ? 'sunat' : 'authority';
}

/** Response keys, real name -> document name (docs/api/provider-factiliza.md, "Names: document → real"). */
const EXACT: Record<string, string> = {
  sunatResponse: 'authorityResponse', // send result, ×2
  ubigeo_reniec: 'ubigeo_registry', // DNI, ×2
  ubigeo_sunat: 'ubigeo_tax', // DNI, ×2
  codProductoSunat: 'codProductoAuth', // guide lines, ×1
};
const EXACT_BACK: Record<string, string> = Object.fromEntries(Object.entries(EXACT).map(([real, doc]) => [doc, real]));
/** Guide indicators: indEncSunNum... is the real name of the document's indEncAuthNum... (×2). */
const REAL_PREFIX = 'indEncSun';
const DOCUMENT_PREFIX = 'indEncAuth';

export function documentKeyOf(key: string): string {
  if (key in EXACT) return EXACT[key] as string;
  return key.startsWith(REAL_PREFIX) ? DOCUMENT_PREFIX + key.slice(REAL_PREFIX.length) : key;
}

export function realKeyOf(key: string): string {
  if (key in EXACT_BACK) return EXACT_BACK[key] as string;
  return key.startsWith(DOCUMENT_PREFIX) ? REAL_PREFIX + key.slice(DOCUMENT_PREFIX.length) : key;
}

function renameKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value as Record<string, unknown>);
  // A key already in the target naming wins over a renamed one (an answer carrying both stays unambiguous).
  for (const [key, item] of entries) if (rename(key) !== key) out[rename(key)] = renameKeys(item, rename);
  for (const [key, item] of entries) if (rename(key) === key) out[key] = renameKeys(item, rename);
  return out;
}

/** Any answer, in the document's names: real names are renamed, document names kept (both dialects accepted). */
export function toDocumentNames(value: unknown): unknown {
  return renameKeys(value, documentKeyOf);
}

/** An answer in the document's names, as the real provider writes it (the sandbox playing Factiliza). */
export function toRealNames(value: unknown): unknown {
  return renameKeys(value, realKeyOf);
}
