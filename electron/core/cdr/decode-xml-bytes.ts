// Turns the raw bytes of an XML file into text, honouring its BOM or its declared encoding.
// SUNAT writes its CDRs as ISO-8859-1, so 'número' arrives with 'ú' as the single byte 0xFA.

const DECLARATION_SCAN_BYTES = 512;
const ENCODING_IN_DECLARATION = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** Encoding label written in the XML declaration, or undefined when there is none. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  // The declaration is ASCII in every ASCII-compatible encoding, so reading the head as Latin-1 is safe.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, DECLARATION_SCAN_BYTES));
  return ENCODING_IN_DECLARATION.exec(head)?.[1];
}

function decoderFor(label: string | undefined): TextDecoder {
  if (!label) return new TextDecoder('utf-8');
  try {
    // WHATWG maps 'iso-8859-1', 'latin1' and 'windows-1252' to windows-1252, a superset of Latin-1's printable range.
    return new TextDecoder(label.toLowerCase());
  } catch {
    return new TextDecoder('utf-8'); // unknown label: UTF-8 is the XML default
  }
}

export function decodeXmlBytes(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const text = decoderFor(declaredEncoding(bytes)).decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
