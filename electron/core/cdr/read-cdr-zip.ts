// Reads the CDR zip (base64) returned by the invoicing API: finds the R-*.xml entry and parses it.
import JSZip from 'jszip';
import { decodeXmlBytes } from './decode-xml-bytes';
import { readCdrXml } from './read-cdr-xml';
import { CdrError, type CdrInfo } from './types';

const RESPONSE_ENTRY = /^r-.*\.xml$/i;

function baseName(entryName: string): string {
  return entryName.split('/').pop() ?? entryName;
}

async function openZip(base64: string): Promise<JSZip> {
  const cleaned = base64.replace(/\s+/g, '');
  if (cleaned === '') throw new CdrError('bad_zip', 'La constancia (CDR) llegó vacía.');
  try {
    return await JSZip.loadAsync(cleaned, { base64: true, checkCRC32: true });
  } catch (cause) {
    throw new CdrError('bad_zip', 'La constancia (CDR) no es un archivo ZIP válido.', { cause });
  }
}

/** Unzips the CDR and decodes its R-*.xml entry, without parsing it (what the outbox stores for every document). */
export async function unzipCdr(base64: string): Promise<{ xml: string; fileName: string }> {
  const zip = await openZip(base64);
  const entry = Object.values(zip.files).find((file) => !file.dir && RESPONSE_ENTRY.test(baseName(file.name)));
  if (!entry) {
    throw new CdrError('no_response_entry', 'El ZIP de la constancia (CDR) no contiene el archivo de respuesta R-*.xml.');
  }
  let bytes: Uint8Array;
  try {
    bytes = await entry.async('uint8array');
  } catch (cause) {
    throw new CdrError('bad_zip', 'No se pudo descomprimir la constancia (CDR): el ZIP está dañado.', { cause });
  }
  return { xml: decodeXmlBytes(bytes), fileName: entry.name };
}

export async function readCdrZip(base64: string): Promise<CdrInfo> {
  const { xml, fileName } = await unzipCdr(base64);
  return { ...readCdrXml(xml), fileName };
}
