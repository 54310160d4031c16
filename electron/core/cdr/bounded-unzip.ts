// Opening a zip that came from the network without trusting it. A CDR zip is a few KB holding one XML of a
// few KB, but the answer is the API's (or whoever answers in its place): a 398 KB zip that inflates to 400 MB once
// killed the main process. So the zip is read here, not by a general-purpose library that inflates whatever it is
// given: the central directory (PKWARE APPNOTE 6.3.10 §4.3.12-4.3.16) is read first, and the archive is refused before
// any inflation when it has too many entries, or an entry declares more than the limits or an implausible ratio.
// Only the one entry asked for is then inflated (node:zlib), with its output capped by maxOutputLength, so a header
// that lies about sizes still cannot make it allocate more; its size and CRC-32 must match what the directory said.
// Not supported, and refused: ZIP64, encryption, multi-disk archives, methods other than stored and deflate.
import zlib from 'node:zlib';

export interface ZipLimits {
  /** Most bytes of zip accepted at all. */
  maxZipBytes: number;
  /** Most entries (files and folders) in the directory. */
  maxEntries: number;
  /** Most bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Most bytes all entries together may declare. */
  maxTotalBytes: number;
  /** Most inflated bytes per compressed byte, for an entry past `ratioFloorBytes`. */
  maxRatio: number;
  /** Entries smaller than this are not held to the ratio (tiny files compress oddly, and are harmless). */
  ratioFloorBytes: number;
}

export type ZipRefusal =
  | { reason: 'too_big'; bytes: number }
  | { reason: 'too_many_entries'; entries: number }
  | { reason: 'entry_too_big'; name: string; bytes: number }
  | { reason: 'total_too_big'; bytes: number }
  | { reason: 'ratio'; name: string; ratio: number }
  | { reason: 'unsupported'; what: string }
  | { reason: 'damaged'; what: string };

/** The zip was not opened: the refusal says why (for the caller's Spanish message). */
export class ZipRefused extends Error {
  constructor(readonly refusal: ZipRefusal) {
    super(`zip refused: ${JSON.stringify(refusal)}`);
    this.name = 'ZipRefused';
  }
}

export interface ZipEntryInfo {
  name: string;
  dir: boolean;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

const damaged = (what: string) => new ZipRefused({ reason: 'damaged', what });

function findEndOfDirectory(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - EOCD_SIZE - MAX_COMMENT);
  for (let at = zip.length - EOCD_SIZE; at >= lowest; at--) {
    if (zip.readUInt32LE(at) === EOCD && at + EOCD_SIZE + zip.readUInt16LE(at + 20) === zip.length) return at;
  }
  throw damaged('no end of central directory');
}

/** The directory of the zip, checked against the limits; nothing is inflated. */
export function listZip(zip: Buffer, limits: ZipLimits): ZipEntryInfo[] {
  if (zip.length > limits.maxZipBytes) throw new ZipRefused({ reason: 'too_big', bytes: zip.length });
  if (zip.length < EOCD_SIZE) throw damaged('too short');
  const end = findEndOfDirectory(zip);
  const disk = zip.readUInt16LE(end + 4);
  const cdDisk = zip.readUInt16LE(end + 6);
  const entriesHere = zip.readUInt16LE(end + 8);
  const entries = zip.readUInt16LE(end + 10);
  const cdSize = zip.readUInt32LE(end + 12);
  const cdOffset = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw new ZipRefused({ reason: 'unsupported', what: 'ZIP64' });
  if (disk !== 0 || cdDisk !== 0 || entriesHere !== entries) throw new ZipRefused({ reason: 'unsupported', what: 'multi-disk' });
  // The count is checked before a single entry is read.
  if (entries > limits.maxEntries) throw new ZipRefused({ reason: 'too_many_entries', entries });
  if (cdOffset + cdSize > end) throw damaged('central directory out of bounds');

  const list: ZipEntryInfo[] = [];
  let total = 0;
  let at = cdOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw damaged('central directory entry');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc32 = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    if (at + 46 + nameLength > end) throw damaged('entry name out of bounds');
    // Bit 11: the name is UTF-8; otherwise IBM437, which agrees with Latin-1 on the ASCII names a CDR has.
    const name = zip.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    const dir = name.endsWith('/');
    if (size > limits.maxEntryBytes) throw new ZipRefused({ reason: 'entry_too_big', name, bytes: size });
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipRefused({ reason: 'total_too_big', bytes: total });
    if (size > limits.ratioFloorBytes && (compressedSize === 0 || size / compressedSize > limits.maxRatio)) {
      throw new ZipRefused({ reason: 'ratio', name, ratio: compressedSize === 0 ? Infinity : Math.round(size / compressedSize) });
    }
    list.push({ name, dir, method, flags, crc32, compressedSize, size, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return list;
}

/** Inflates one entry of `zip` (listed by listZip with the same limits), never past limits.maxEntryBytes. */
export function readZipEntry(zip: Buffer, entry: ZipEntryInfo, limits: ZipLimits): Buffer {
  if (entry.flags & 0x1) throw new ZipRefused({ reason: 'unsupported', what: 'encryption' });
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw damaged('local header');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw damaged('entry data out of bounds');
  const data = zip.subarray(start, end);
  let bytes: Buffer;
  if (entry.method === 0) {
    bytes = Buffer.from(data);
  } else if (entry.method === 8) {
    try {
      bytes = zlib.inflateRawSync(data, { maxOutputLength: limits.maxEntryBytes });
    } catch (e) {
      // ERR_BUFFER_TOO_LARGE: the stream inflates past the cap whatever its header said.
      if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ZipRefused({ reason: 'entry_too_big', name: entry.name, bytes: limits.maxEntryBytes + 1 });
      }
      throw damaged('deflate stream');
    }
  } else {
    throw new ZipRefused({ reason: 'unsupported', what: `method ${entry.method}` });
  }
  if (bytes.length !== entry.size) throw damaged('size differs from the directory');
  if (zlib.crc32(bytes) !== entry.crc32) throw damaged('CRC-32');
  return bytes;
}
