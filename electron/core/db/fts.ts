// Turns what a user typed into a safe FTS5 query: every word becomes a quoted prefix term, all must match.
// Only letters and digits survive, so FTS5 operators and quotes typed by the user cannot change the query.

const MAX_TERMS = 8;

/** 'maría  pe' -> '"maría"* "pe"*'; null when nothing searchable is left. */
export function toFtsPrefixQuery(text: string): string | null {
  const terms = text
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((term) => term.length > 0)
    .slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  return terms.map((term) => `"${term}"*`).join(' ');
}
