// A text file in SUNAT's own encoding, saved through the browser's download: the SIRE register, the PLE books.

/**
 * SUNAT's files are ISO-8859-1 (docs/sunat/sire-rvie.md): each character becomes one byte, so a name with tildes or
 * Ñ reads as SUNAT's programs write it; a character outside Latin-1 becomes "?".
 */
export function latin1(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    bytes[i] = code <= 0xff ? code : 0x3f;
  }
  return bytes;
}

/** Saves `text` as `fileName` (ISO-8859-1) through a download link. */
export function downloadSunatFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([latin1(text)], { type: 'text/plain;charset=iso-8859-1' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
