// The bytes of a products CSV as text. Only the screen holds the file's bytes (the bridge carries text), so it decodes
// them here before the import; reading them as UTF-8 regardless turned every accent of a file Excel saved on Windows
// ("CSV delimitado por comas": Windows-1252) into U+FFFD, silently.
//
// UTF-8 is tried first, strictly (TextDecoder with fatal: true): Windows-1252 text with accents is almost never valid
// UTF-8, since an accented letter (0xE1 á, 0xF1 ñ) must be followed by bytes 0x80-0xBF to be UTF-8, and in Spanish text
// it is followed by a letter. A file that is not valid UTF-8 is read as Windows-1252, unless it is UTF-8 in part (a BOM,
// or well-formed UTF-8 sequences elsewhere): decoding that one as Windows-1252 would turn its good accents into "Ã¡".
//
// Windows-1252 is decoded with our own table of the 32 bytes 0x80-0x9F (WHATWG Encoding Standard, index-windows-1252)
// and not with TextDecoder('windows-1252'): Node since 20.18.3 / 22.13.0 decodes that label as Latin-1, making "€" or
// "“" control characters (nodejs/node#60888), and the core's tests run on Node.

export const CSV_ENCODINGS = ['utf-8', 'utf-8-bom', 'windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/** How the screen names each encoding. */
export const CSV_ENCODING_NAMES: Record<CsvEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 con BOM',
  'windows-1252': 'Windows-1252 (ANSI, el «CSV delimitado por comas» de Excel)',
};

export type DecodedCsv =
  | { ok: true; text: string; encoding: CsvEncoding }
  /** The file cannot be read as text: why, in Spanish (with the lines, when it is some bytes), and those lines. */
  | { ok: false; message: string; lines: number[] };

/** Bytes 0x80-0x9F in Windows-1252; 0 where the code page has no character (0x81, 0x8D, 0x8F, 0x90, 0x9D). */
const WINDOWS_1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/** Lines named in a refusal; the rest are counted. */
const LINES_NAMED = 10;
const SAVE_AS_UTF8 = 'Ábralo en Excel y guárdelo como «CSV UTF-8 (delimitado por comas)», o como «CSV delimitado por comas»';

/** The file's text and the encoding it was read in, or why it cannot be read. */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { ok: false, message: `El archivo está guardado como Unicode (UTF-16), que no se puede importar. ${SAVE_AS_UTF8}.`, lines: [] };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bom ? bytes.subarray(3) : bytes);
    return { ok: true, text, encoding: bom ? 'utf-8-bom' : 'utf-8' };
  } catch {
    // Not UTF-8 throughout: Windows-1252, or a damaged or mixed file (below).
  }
  const scan = scanUtf8(bytes);
  if (bom || scan.validSequences > 0) {
    return refusal(scan.badLines, (where) => `El archivo está en UTF-8, pero ${where} bytes que no son UTF-8 (partes guardadas con otra codificación, o un archivo dañado). Corríjalas o ${lowerFirst(SAVE_AS_UTF8)}.`);
  }
  const unreadable = linesOf(bytes, (byte) => byte === 0 || (byte >= 0x80 && byte <= 0x9f && WINDOWS_1252_HIGH[byte - 0x80] === 0));
  if (unreadable.length > 0) {
    return refusal(unreadable, (where) => `El archivo no se puede leer: no es UTF-8 y, leído como Windows-1252, ${where} bytes que no son ningún carácter (un archivo que no es de texto, o dañado). ${SAVE_AS_UTF8}.`);
  }
  return { ok: true, text: decodeWindows1252(bytes), encoding: 'windows-1252' };
}

/** Windows-1252 bytes as text (every byte has passed the check for the 5 without a character). */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192; // String.fromCharCode takes its arguments on the stack
  const units = new Uint16Array(Math.min(CHUNK, bytes.length));
  for (let at = 0; at < bytes.length; at += CHUNK) {
    const end = Math.min(bytes.length, at + CHUNK);
    for (let i = at; i < end; i++) {
      const byte = bytes[i]!;
      units[i - at] = byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80]! || byte : byte;
    }
    parts.push(String.fromCharCode(...units.subarray(0, end - at)));
  }
  return parts.join('');
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function refusal(lines: number[], message: (where: string) => string): DecodedCsv {
  const named = lines.slice(0, LINES_NAMED);
  const more = lines.length - named.length;
  let where: string;
  if (lines.length === 1) where = `la línea ${named[0]} tiene`;
  else if (more === 0) where = `las líneas ${named.slice(0, -1).join(', ')} y ${named.at(-1)} tienen`;
  else where = `las líneas ${named.join(', ')} (y ${more} más) tienen`;
  return { ok: false, message: message(where), lines };
}

/**
 * Lines (1-based, as the import numbers them: LF, CR LF or a lone CR ends one) that hold a byte `bad` picks, once
 * each, in order.
 */
function linesOf(bytes: Uint8Array, bad: (byte: number) => boolean): number[] {
  const lines: number[] = [];
  let line = 1;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x0a || (byte === 0x0d && bytes[i + 1] !== 0x0a)) line += 1;
    else if (bad(byte) && lines.at(-1) !== line) lines.push(line);
  }
  return lines;
}

/** Continuation bytes a UTF-8 lead byte needs, and the range of the first (RFC 3629 §4: no overlongs, no surrogates). */
function utf8Lead(byte: number): { more: number; low: number; high: number } | null {
  if (byte >= 0xc2 && byte <= 0xdf) return { more: 1, low: 0x80, high: 0xbf };
  if (byte === 0xe0) return { more: 2, low: 0xa0, high: 0xbf };
  if ((byte >= 0xe1 && byte <= 0xec) || byte === 0xee || byte === 0xef) return { more: 2, low: 0x80, high: 0xbf };
  if (byte === 0xed) return { more: 2, low: 0x80, high: 0x9f };
  if (byte === 0xf0) return { more: 3, low: 0x90, high: 0xbf };
  if (byte >= 0xf1 && byte <= 0xf3) return { more: 3, low: 0x80, high: 0xbf };
  if (byte === 0xf4) return { more: 3, low: 0x80, high: 0x8f };
  return null;
}

/** How many well-formed multi-byte UTF-8 characters the bytes hold, and the lines with bytes that are not UTF-8. */
function scanUtf8(bytes: Uint8Array): { validSequences: number; badLines: number[] } {
  const badLines: number[] = [];
  let validSequences = 0;
  let line = 1;
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte < 0x80) {
      if (byte === 0x0a || (byte === 0x0d && bytes[i + 1] !== 0x0a)) line += 1;
      i += 1;
      continue;
    }
    const lead = utf8Lead(byte);
    let length = 0;
    if (lead) {
      const first = bytes[i + 1];
      if (first !== undefined && first >= lead.low && first <= lead.high) {
        length = 2;
        while (length <= lead.more) {
          const next = bytes[i + length];
          if (next === undefined || next < 0x80 || next > 0xbf) break;
          length += 1;
        }
        if (length !== lead.more + 1) length = 0;
      }
    }
    if (length > 0) {
      validSequences += 1;
      i += length;
    } else {
      if (badLines.at(-1) !== line) badLines.push(line);
      i += 1;
    }
  }
  return { validSequences, badLines };
}
