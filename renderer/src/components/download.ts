// Saving files from the renderer: a Blob and a temporary link. Electron turns the click into a save dialog.

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves base64 content (a CDR zip) under `fileName`. */
export function downloadBase64(base64: string, fileName: string, type = 'application/zip'): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  saveBlob(new Blob([bytes], { type }), fileName);
}

/**
 * Saves text in SUNAT's own encoding, ISO-8859-1 (the SIRE register, the PLE books): each character one byte, so a
 * name with tildes or Ñ reads as SUNAT's programs write it; a character outside Latin-1 becomes "?".
 */
export function downloadLatin1(text: string, fileName: string): void {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    bytes[i] = code <= 0xff ? code : 0x3f;
  }
  saveBlob(new Blob([bytes], { type: 'text/plain;charset=iso-8859-1' }), fileName);
}

/** Saves text (an XML) under `fileName`. */
export function downloadText(text: string, fileName: string, type = 'application/xml'): void {
  saveBlob(new Blob([text], { type: `${type};charset=utf-8` }), fileName);
}
