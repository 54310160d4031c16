// Latin-1 (ISO-8859-1) encoding for the SUNAT-layout CDR, whose bytes SUNAT writes as Latin-1.

const REPLACEMENT = 0x3f; // '?'

/**
 * Encodes text as ISO-8859-1 bytes. Characters outside Latin-1 become '?'. The C1 control range
 * U+0080–U+009F also becomes '?', because readers decode these labels as windows-1252, where those
 * bytes mean other characters.
 */
export function encodeLatin1(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? REPLACEMENT;
    const representable = codePoint < 0x80 || (codePoint >= 0xa0 && codePoint <= 0xff);
    bytes.push(representable ? codePoint : REPLACEMENT);
  }
  return Uint8Array.from(bytes);
}
