// Text that is stored and declared must be plain text. The provider signs the document as XML, and
// XML 1.0 cannot carry some characters at all: its production [2] Char (W3C XML 1.0 §2.2,
// https://www.w3.org/TR/xml/#charsets) is #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF],
// so no other C0 control, no surrogate code point (an unpaired half of a UTF-16 pair) and neither U+FFFE nor U+FFFF.
// Invisible bidirectional overrides and zero-width characters let a name read differently from what is stored
// (Unicode Technical Report #36, "Unicode Security Considerations", §2.4). So every text field:
//  - has its line breaks normalised to \n (CR LF and lone CR become LF);
//  - loses bidi embeddings/overrides/isolates, directional marks and zero-width characters (they carry nothing a
//    receipt needs);
//  - is normalised to NFC, so "é" typed two ways is one text;
//  - is refused (never silently changed: what the clerk typed is what is stored and declared, or nothing is) when it
//    still holds a character outside XML 1.0 Char, or DEL or a C1 control (XML 1.0 allows them, but they are controls
//    all the same and §2.2 discourages all but U+0085). This is the policy the control characters already had:
//    invisible formatting is stripped, anything else wrong is refused with a Spanish message naming it.
//    A refused sale is refused before a number is taken (the bridge checks every text first, electron/core/dispatch.ts).

/** Bidi controls (U+200E/F, U+202A–E, U+2066–9), zero-width and invisible characters (U+200B–D, U+2060–4, U+FEFF). */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/**
 * The first character that is not allowed: the complement of XML 1.0 Char, further without CR (already made LF),
 * DEL and C1 (U+007F–U+009F). The `u` flag makes the pattern read code points, so a high+low surrogate pair is one
 * astral character (allowed, U+10000–U+10FFFF) while a half on its own is the code point U+D800–U+DFFF (refused).
 */
const NOT_ALLOWED = /[^\t\n\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Printable ASCII, tabs and LF: already clean and NFC (most of what a till types; a sale cleans ~30 texts). */
const PLAIN_ASCII = /^[\t\n\u0020-\u007E]*$/;

/** The text as it is stored: line breaks normalised, invisible characters removed, NFC. */
export function cleanText(text: string): string {
  if (PLAIN_ASCII.test(text)) return text;
  return text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '').normalize('NFC');
}

/**
 * A Spanish message naming the first character of (cleaned) text that cannot be stored and declared (a control
 * character, an unpaired surrogate, U+FFFE or U+FFFF), or null when there is none.
 */
export function controlCharProblem(text: string): string | null {
  const match = NOT_ALLOWED.exec(text);
  if (!match) return null;
  const code = match[0].codePointAt(0) ?? 0;
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code >= 0xd800 && code <= 0xdfff) return `Contiene un carácter dañado que no se puede declarar (${name}, mitad de un carácter compuesto)`;
  if (code === 0xfffe || code === 0xffff) return `Contiene un carácter no válido que no se puede declarar (${name})`;
  return `Contiene un carácter de control no permitido (${name})`;
}

export interface TextProblem {
  path: string;
  message: string;
}

/**
 * Cleans every string in a JSON-like value (what crosses the bridge) and lists the ones that still hold a forbidden
 * character (controlCharProblem), by path. Objects and arrays are copied; other values pass unchanged.
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
