// Text that is stored and declared must be plain text (issue 16). The provider signs the document as XML, and XML 1.0
// cannot carry most control characters at all (W3C XML 1.0 §2.2, production [2] Char: only #x9, #xA, #xD among the
// C0 controls); invisible bidirectional overrides and zero-width characters let a name read differently from what is
// stored (Unicode Technical Report #36, "Unicode Security Considerations", §2.4). So every text field:
//  - has its line breaks normalised to \n (CR LF and lone CR become LF);
//  - loses bidi embeddings/overrides/isolates, directional marks and zero-width characters (they carry nothing a
//    receipt needs);
//  - refuses the remaining C0 controls other than tab and newline, DEL and the C1 controls;
//  - is normalised to NFC, so "é" typed two ways is one text.

/** Bidi controls (U+200E/F, U+202A–E, U+2066–9), zero-width and invisible characters (U+200B–D, U+2060–4, U+FEFF). */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** C0 controls except tab (U+0009) and newline (U+000A), DEL, C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const FORBIDDEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/** The text as it is stored: line breaks normalised, invisible characters removed, NFC. */
export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '').normalize('NFC');
}

/** A Spanish message naming the first forbidden control character of (cleaned) text, or null when there is none. */
export function controlCharProblem(text: string): string | null {
  const match = FORBIDDEN.exec(text);
  if (!match) return null;
  const code = match[0].codePointAt(0) ?? 0;
  return `Contiene un carácter de control no permitido (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
}

export interface TextProblem {
  path: string;
  message: string;
}

/**
 * Cleans every string in a JSON-like value (what crosses the bridge) and lists the ones that still hold a forbidden
 * control character, by path. Objects and arrays are copied; other values pass unchanged.
 */
export function cleanTextsIn(value: unknown, path: (string | number)[] = [], problems: TextProblem[] = []): { value: unknown; problems: TextProblem[] } {
  if (typeof value === 'string') {
    const cleaned = cleanText(value);
    const problem = controlCharProblem(cleaned);
    if (problem) problems.push({ path: path.join('.'), message: problem });
    return { value: cleaned, problems };
  }
  if (Array.isArray(value)) {
    return { value: value.map((item, i) => cleanTextsIn(item, [...path, i], problems).value), problems };
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = cleanTextsIn(item, [...path, key], problems).value;
    return { value: out, problems };
  }
  return { value, problems };
}
