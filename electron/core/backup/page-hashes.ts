// The page map of a full copy: a short hash of each of its pages, kept beside it in `<copy>.pages`, so that a later
// daily copy can keep only the pages that differ from it (differential.ts) without reading the full copy again.
//
// Sidecar layout (little-endian): 'CAJAPGH1', page size u32, page count u32, the copy's SHA-256 (32 bytes), then 16
// bytes per page (the first 16 bytes of the page's SHA-256), then the SHA-256 of everything before it. A sidecar that
// does not add up is ignored (the next daily copy is then a full one), never trusted.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { fsyncFile } from './sqlite-file';

const MAGIC = Buffer.from('CAJAPGH1', 'latin1');
export const PAGE_HASH_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 4 + 4 + 32;
/** Pages read per chunk when scanning (a whole number of pages, about 1 MiB at 4 KiB). */
const PAGES_PER_CHUNK = 256;

export interface PageMap {
  pageSize: number;
  pageCount: number;
  /** SHA-256 (hex) of the whole image. */
  sha256: string;
  /** PAGE_HASH_BYTES per page, page 1 first. */
  hashes: Buffer;
}

export const sidecarOf = (copy: string): string => `${copy}.pages`;

/** The page size a SQLite file declares in its header (bytes 16-17; 1 means 65536). */
export function pageSizeOf(header: Buffer): number {
  const raw = header.readUInt16BE(16);
  return raw === 1 ? 65536 : raw;
}

export function pageHash(page: Buffer): Buffer {
  return crypto.createHash('sha256').update(page).digest().subarray(0, PAGE_HASH_BYTES);
}

/**
 * Reads an image once, page by page, without holding the event loop: its SHA-256 and page hashes; `onPage` sees each
 * page (1-based number, bytes valid only during the call) with its hash, e.g. to keep the ones that changed.
 */
export async function scanImage(
  file: string,
  onPage?: (pageNo: number, page: Buffer, hash: Buffer) => Promise<void> | void,
): Promise<PageMap> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const first = Buffer.alloc(100);
    await handle.read(first, 0, 100, 0);
    const pageSize = pageSizeOf(first);
    const size = (await handle.stat()).size;
    if (pageSize < 512 || size % pageSize !== 0) throw new Error(`no es un archivo SQLite entero (${size} bytes)`);
    const pageCount = size / pageSize;
    const whole = crypto.createHash('sha256');
    const hashes = Buffer.alloc(pageCount * PAGE_HASH_BYTES);
    const chunk = Buffer.alloc(pageSize * PAGES_PER_CHUNK);
    for (let pageNo = 1; pageNo <= pageCount; ) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, (pageNo - 1) * pageSize);
      if (bytesRead === 0) throw new Error('el archivo se acortó mientras se leía');
      const pages = Math.floor(bytesRead / pageSize);
      whole.update(chunk.subarray(0, pages * pageSize));
      for (let i = 0; i < pages; i++, pageNo++) {
        const page = chunk.subarray(i * pageSize, (i + 1) * pageSize);
        const hash = pageHash(page);
        hash.copy(hashes, (pageNo - 1) * PAGE_HASH_BYTES);
        await onPage?.(pageNo, page, hash);
      }
    }
    return { pageSize, pageCount, sha256: whole.digest('hex'), hashes };
  } finally {
    await handle.close();
  }
}

/** Writes the sidecar of `copy` (temp name, fsync, rename). */
export function writeSidecar(copy: string, map: PageMap): void {
  const head = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(map.pageSize, 8);
  head.writeUInt32LE(map.pageCount, 12);
  Buffer.from(map.sha256, 'hex').copy(head, 16);
  const body = Buffer.concat([head, map.hashes]);
  const seal = crypto.createHash('sha256').update(body).digest();
  const file = sidecarOf(copy);
  const temp = `${file}.partial`;
  fs.writeFileSync(temp, Buffer.concat([body, seal]));
  fsyncFile(temp);
  fs.renameSync(temp, file);
}

/** The sidecar of `copy`, or null when it is missing or does not add up. */
export function readSidecar(copy: string): PageMap | null {
  let data: Buffer;
  try {
    data = fs.readFileSync(sidecarOf(copy));
  } catch {
    return null;
  }
  if (data.length < HEADER_BYTES + 32 || !data.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const body = data.subarray(0, data.length - 32);
  if (!crypto.createHash('sha256').update(body).digest().equals(data.subarray(data.length - 32))) return null;
  const pageSize = data.readUInt32LE(8);
  const pageCount = data.readUInt32LE(12);
  if (body.length !== HEADER_BYTES + pageCount * PAGE_HASH_BYTES) return null;
  return { pageSize, pageCount, sha256: data.subarray(16, 48).toString('hex'), hashes: body.subarray(HEADER_BYTES) };
}
