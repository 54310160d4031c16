// Reads the CDR zip (base64) returned by the invoicing API: finds the R-*.xml entry and parses it. The zip is opened
// with limits (bounded-unzip.ts): a zip bomb, or anything past them, is "CDR ilegible" (CdrError 'bad_zip'),
// never a heap exhausted.
import { listZip, readZipEntry, ZipRefused, type ZipLimits, type ZipRefusal } from './bounded-unzip';
import { decodeXmlBytes } from './decode-xml-bytes';
import { readCdrXml } from './read-cdr-xml';
import { CdrError, type CdrInfo } from './types';

const RESPONSE_ENTRY = /^r-.*\.xml$/i;
const MB = 1024 * 1024;

/**
 * What a CDR zip may hold. SUNAT's and the OSEs' CDRs are one R-*.xml of 3-10 KB (a few with many observations reach
 * a few tens of KB), sometimes beside a 'dummy' file or a folder, zipped 3-5x. The limits leave two orders of
 * magnitude of room and stop any bomb at 1 MB of output.
 */
export const CDR_LIMITS: ZipLimits = {
  maxZipBytes: 1 * MB,
  maxEntries: 16,
  maxEntryBytes: 1 * MB,
  maxTotalBytes: 2 * MB,
  maxRatio: 100,
  ratioFloorBytes: 64 * 1024,
};

/** The most characters of CDR XML stored with a document (cdr_xml): what one entry within CDR_LIMITS can decode to. */
export const CDR_XML_MAX_CHARS = CDR_LIMITS.maxEntryBytes;

function baseName(entryName: string): string {
  return entryName.split('/').pop() ?? entryName;
}

const kb = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** "CDR ilegible: …" in the cashier's words: what was wrong, and that nothing was opened. */
export function unreadableCdrMessage(refusal: ZipRefusal): string {
  switch (refusal.reason) {
    case 'too_big':
      return `CDR ilegible: el ZIP pesa ${kb(refusal.bytes)} (una constancia pesa unos KB, se admite hasta ${kb(CDR_LIMITS.maxZipBytes)}); no se abrió.`;
    case 'too_many_entries':
      return `CDR ilegible: el ZIP trae ${refusal.entries} archivos (una constancia trae uno o dos, se admiten ${CDR_LIMITS.maxEntries}); no se abrió.`;
    case 'entry_too_big':
    case 'total_too_big':
      return `CDR ilegible: el ZIP se descomprime a más de ${kb(CDR_LIMITS.maxEntryBytes)} (una constancia ocupa unos KB); parece un archivo dañado o malicioso y no se abrió.`;
    case 'ratio':
      return `CDR ilegible: el ZIP se expande ${Number.isFinite(refusal.ratio) ? `${refusal.ratio} veces` : 'sin medida'} (se admite hasta ${CDR_LIMITS.maxRatio}); parece un archivo malicioso y no se abrió.`;
    case 'unsupported':
      return `CDR ilegible: el ZIP usa un formato que una constancia no usa (${refusal.what}); no se abrió.`;
    case 'damaged':
      return 'La constancia (CDR) no es un archivo ZIP válido.';
  }
}

function openZip(base64: string): Buffer {
  const cleaned = base64.replace(/\s+/g, '');
  if (cleaned === '') throw new CdrError('bad_zip', 'La constancia (CDR) llegó vacía.');
  // Refused by its base64 length, before decoding: 4 characters carry 3 bytes.
  const bytes = Math.floor((cleaned.length * 3) / 4);
  if (bytes > CDR_LIMITS.maxZipBytes) throw new ZipRefused({ reason: 'too_big', bytes });
  return Buffer.from(cleaned, 'base64');
}

/** True for a CDR the limits refused ("CDR ilegible": too big, a bomb, an odd format), not one merely damaged. */
export function isRefusedCdr(e: unknown): e is CdrError {
  return e instanceof CdrError && e.cause instanceof ZipRefused && e.cause.refusal.reason !== 'damaged';
}

/** Unzips the CDR and decodes its R-*.xml entry, without parsing it (what the outbox stores for every document). */
export async function unzipCdr(base64: string): Promise<{ xml: string; fileName: string }> {
  try {
    const zip = openZip(base64);
    const entry = listZip(zip, CDR_LIMITS).find((file) => !file.dir && RESPONSE_ENTRY.test(baseName(file.name)));
    if (!entry) {
      throw new CdrError('no_response_entry', 'El ZIP de la constancia (CDR) no contiene el archivo de respuesta R-*.xml.');
    }
    return { xml: decodeXmlBytes(readZipEntry(zip, entry, CDR_LIMITS)), fileName: entry.name };
  } catch (cause) {
    if (cause instanceof ZipRefused) throw new CdrError('bad_zip', unreadableCdrMessage(cause.refusal), { cause });
    throw cause;
  }
}

export async function readCdrZip(base64: string): Promise<CdrInfo> {
  const { xml, fileName } = await unzipCdr(base64);
  return { ...readCdrXml(xml), fileName };
}
