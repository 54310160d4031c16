// A differential daily copy: only the pages of the day's database that differ from the newest full daily copy (its
// base, never another differential: one base, no chain). The pages are read straight from the live file in a worker
// (live-differential.ts); this module owns the file's layout, its header, and rebuilding the image from it.
//
// File layout: 'CAJADIF1', then one record per changed page (page number u32 LE + the page), then the header as
// JSON, its length u32 LE and 'CAJADIF1' again. The header is written last because the image's SHA-256 and page
// count are known only once the image was read, and the image is read once.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CoreError } from '../services/errors';
import { fsyncFolder } from './sqlite-file';

const MAGIC = Buffer.from('CAJADIF1', 'latin1');
const TRAILER_BYTES = 4 + MAGIC.length;
/** Pages read per chunk when an image is rebuilt (about 1 MiB at 4 KiB). */
const PAGES_PER_CHUNK = 256;

const HeaderSchema = z.object({
  version: z.literal(1),
  /** File name of the full copy in the same folder. */
  base: z.string(),
  baseSha256: z.string(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().positive(),
  imageSha256: z.string(),
  changedPages: z.number().int().nonnegative(),
  /** As the day's image was verified. */
  documents: z.number().nullable(),
  maxDocumentId: z.number().nullable(),
  maxEventId: z.number(),
});
export type DifferentialHeader = z.infer<typeof HeaderSchema>;

export const DIFFERENTIAL_MAGIC = MAGIC.toString('latin1');

export interface WrittenDifferential {
  header: DifferentialHeader;
  /** The differential file's own size and SHA-256 (for the catalog). */
  size: number;
  sha256: string;
}

/**
 * Ends `temp` (the magic bytes and the kept pages, as the worker wrote them) with `header`, forces it to disk, and
 * reads it back: its own SHA-256, and the image rebuilt from the full copy and the kept pages must be the one the
 * header records, byte for byte (otherwise CoreError('backup_invalid')). The caller renames it into place.
 */
export async function finishDifferential(temp: string, header: DifferentialHeader): Promise<WrittenDifferential> {
  const json = Buffer.from(JSON.stringify(HeaderSchema.parse(header)), 'utf8');
  const trailer = Buffer.alloc(TRAILER_BYTES);
  trailer.writeUInt32LE(json.length, 0);
  MAGIC.copy(trailer, 4);
  const out = await fs.promises.open(temp, 'a');
  try {
    await out.write(Buffer.concat([json, trailer]));
    await out.sync();
  } finally {
    await out.close();
  }
  const own = crypto.createHash('sha256');
  for await (const piece of fs.createReadStream(temp)) own.update(piece as Buffer);
  await rebuild(temp, path.basename(temp), null);
  return { header, size: fs.statSync(temp).size, sha256: own.digest('hex') };
}

/** Moves a finished differential to its name, durably. */
export function placeDifferential(temp: string, dest: string): void {
  fs.renameSync(temp, dest);
  fsyncFolder(path.dirname(dest));
}

/** The header of a differential file; throws when the file is not one or its end is damaged. */
export function readDifferentialHeader(file: string): DifferentialHeader {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(MAGIC.length);
    const trailer = Buffer.alloc(TRAILER_BYTES);
    if (size < MAGIC.length + TRAILER_BYTES) throw new Error('archivo demasiado corto');
    fs.readSync(fd, head, 0, head.length, 0);
    fs.readSync(fd, trailer, 0, TRAILER_BYTES, size - TRAILER_BYTES);
    if (!head.equals(MAGIC) || !trailer.subarray(4).equals(MAGIC)) throw new Error('no es una copia diferencial de Caja');
    const length = trailer.readUInt32LE(0);
    if (length > size - MAGIC.length - TRAILER_BYTES) throw new Error('cabecera dañada');
    const json = Buffer.alloc(length);
    fs.readSync(fd, json, 0, length, size - TRAILER_BYTES - length);
    return HeaderSchema.parse(JSON.parse(json.toString('utf8')));
  } finally {
    fs.closeSync(fd);
  }
}

let counter = 0;

/**
 * Rebuilds the image of a differential into a temporary file beside it: its base's pages with the kept ones put
 * over them, cut to the recorded page count. The base's and the image's SHA-256 must be the recorded ones; otherwise
 * CoreError('backup_invalid') says why in Spanish and the temporary file is removed. Returns the image's path.
 */
export async function materializeDifferential(file: string): Promise<string> {
  const image = `${file}.image-${process.pid}-${++counter}.tmp`;
  const out = await fs.promises.open(image, 'w', 0o600);
  try {
    await rebuild(file, path.basename(file), out);
    await out.close();
    return image;
  } catch (error) {
    await out.close().catch(() => undefined);
    fs.rmSync(image, { force: true });
    throw error;
  }
}

/** Reads the base and the kept pages as a rebuild does, checking both hashes; writes the image to `out` when given. */
async function rebuild(file: string, name: string, out: fs.promises.FileHandle | null): Promise<void> {
  const refuse = (why: string): never => {
    throw new CoreError('backup_invalid', `La copia diferencial ${name} ${why}`);
  };
  let header: DifferentialHeader;
  try {
    header = readDifferentialHeader(file);
  } catch (error) {
    return refuse(`está dañada (${error instanceof Error ? error.message : String(error)}): no se puede restaurar.`);
  }
  const basePath = path.join(path.dirname(file), header.base);
  if (!fs.existsSync(basePath)) refuse(`necesita la copia completa ${header.base}, que ya no está en la carpeta: no se puede restaurar.`);
  const { pageSize, pageCount } = header;
  const delta = await fs.promises.open(file, 'r');
  const base = await fs.promises.open(basePath, 'r');
  try {
    const kept = await indexPages(delta, pageSize);
    const baseHash = crypto.createHash('sha256');
    const imageHash = crypto.createHash('sha256');
    const chunk = Buffer.alloc(pageSize * PAGES_PER_CHUNK);
    let pageNo = 1;
    for (let position = 0; ; ) {
      const { bytesRead } = await base.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      baseHash.update(chunk.subarray(0, bytesRead));
      position += bytesRead;
      if (bytesRead % pageSize !== 0) refuse(`tiene una copia completa (${header.base}) que no es un archivo SQLite entero.`);
      const pages = Math.min(bytesRead / pageSize, Math.max(0, pageCount - pageNo + 1));
      for (let i = 0; i < pages; i++) {
        const at = kept.get(pageNo + i);
        if (at !== undefined) await delta.read(chunk, i * pageSize, pageSize, at);
      }
      const bytes = chunk.subarray(0, pages * pageSize);
      imageHash.update(bytes);
      await out?.write(bytes, 0, bytes.length, (pageNo - 1) * pageSize);
      pageNo += pages;
    }
    if (baseHash.digest('hex') !== header.baseSha256) {
      refuse(`no coincide con su copia completa ${header.base}, que cambió o se dañó desde entonces: no se puede restaurar.`);
    }
    const page = Buffer.alloc(pageSize);
    for (; pageNo <= pageCount; pageNo++) {
      const at = kept.get(pageNo);
      if (at === undefined) refuse('está incompleta (le faltan páginas): no se puede restaurar.');
      await delta.read(page, 0, pageSize, at);
      imageHash.update(page);
      await out?.write(page, 0, pageSize, (pageNo - 1) * pageSize);
    }
    await out?.truncate(pageCount * pageSize);
    if (imageHash.digest('hex') !== header.imageSha256) refuse('está dañada (su contenido no es el que se verificó): no se puede restaurar.');
  } finally {
    await base.close();
    await delta.close();
  }
}

/** Where each kept page's bytes start in the differential file, by page number. */
async function indexPages(delta: fs.promises.FileHandle, pageSize: number): Promise<Map<number, number>> {
  const size = (await delta.stat()).size;
  const tail = Buffer.alloc(TRAILER_BYTES);
  await delta.read(tail, 0, TRAILER_BYTES, size - TRAILER_BYTES);
  const end = size - TRAILER_BYTES - tail.readUInt32LE(0);
  const kept = new Map<number, number>();
  const number = Buffer.alloc(4);
  for (let at = MAGIC.length; at < end; at += 4 + pageSize) {
    await delta.read(number, 0, 4, at);
    kept.set(number.readUInt32LE(0), at + 4);
  }
  return kept;
}
