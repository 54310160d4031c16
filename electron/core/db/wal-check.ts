// Reading a -wal file ourselves, before SQLite opens the database. SQLite replays the frames of its -wal
// up to the first frame whose checksum fails and silently drops everything after it, committed transactions
// included: a few flipped bytes in the middle of a -wal lose every later sale without a word, and the next sale
// reuses their numbers. The format (https://sqlite.org/fileformat2.html#walformat): a 32-byte header (magic, version,
// page size, checkpoint sequence, two salts, a checksum of the header), then frames of a 24-byte header (page number,
// database size in pages for a commit frame, the two salts, a cumulative checksum) and one page.
//
// A frame whose checksum fails only because an earlier frame was damaged still verifies against that earlier frame's
// STORED checksum (the chain was computed from the stored values when it was written). So "intact commit frames of
// this WAL generation (same salts) after the first frame SQLite rejects" is positive evidence that committed data is
// about to be dropped. A torn tail (a crash while the last transaction was being written) has no intact commit frame
// after the tear, and frames of an older generation (other salts) are ordinary leftovers: neither is reported.
import fs from 'node:fs';

export interface WalDamage {
  walPath: string;
  pageSize: number;
  /** Frames SQLite will replay (up to the last commit before the damage). */
  usableFrames: number;
  /** Intact commit frames after the damage: committed transactions SQLite would drop. */
  droppedCommits: number;
  /** Intact frames after the damage (of those transactions). */
  droppedFrames: number;
}

const HEADER = 32;
const FRAME_HEADER = 24;

interface Frame {
  index: number;
  offset: number;
  page: number;
  commitSize: number;
  saltsMatch: boolean;
  /** Checksum valid when seeded with the previous frame's stored checksum (or the header's). */
  selfIntact: boolean;
  stored: [number, number];
}

function checksum(buf: Buffer, start: number, end: number, seed: [number, number], bigEndian: boolean): [number, number] {
  let s1 = seed[0];
  let s2 = seed[1];
  for (let i = start; i < end; i += 8) {
    const a = bigEndian ? buf.readUInt32BE(i) : buf.readUInt32LE(i);
    const b = bigEndian ? buf.readUInt32BE(i + 4) : buf.readUInt32LE(i + 4);
    s1 = (s1 + a + s2) >>> 0;
    s2 = (s2 + b + s1) >>> 0;
  }
  return [s1, s2];
}

interface ParsedWal {
  bytes: Buffer;
  pageSize: number;
  headerOk: boolean;
  frames: Frame[];
}

function parseWal(walPath: string): ParsedWal | null {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(walPath);
  } catch {
    return null;
  }
  if (bytes.length < HEADER) return null;
  const magic = bytes.readUInt32BE(0);
  const pageSize = bytes.readUInt32BE(8);
  const pageSizeOk = pageSize >= 512 && pageSize <= 65536 && (pageSize & (pageSize - 1)) === 0;
  if (!pageSizeOk) return null; // nothing we can read frames with: a garbage -wal carries nothing we can tell
  const salts = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  const headerStored: [number, number] = [bytes.readUInt32BE(24), bytes.readUInt32BE(28)];
  // The magic's last bit says the checksum's byte order; if the magic itself is damaged, try both.
  const orders = magic === 0x377f0682 ? [false] : magic === 0x377f0683 ? [true] : [false, true];
  let best: ParsedWal | null = null;
  for (const bigEndian of orders) {
    const headerOk = (magic & 0xfffffffe) === 0x377f0682 && checksumEquals(checksum(bytes, 0, 24, [0, 0], bigEndian), headerStored);
    const frames: Frame[] = [];
    const frameSize = FRAME_HEADER + pageSize;
    let seed = headerStored;
    for (let index = 0, offset = HEADER; offset + frameSize <= bytes.length; index++, offset += frameSize) {
      const page = bytes.readUInt32BE(offset);
      const commitSize = bytes.readUInt32BE(offset + 4);
      const saltsMatch = bytes.readUInt32BE(offset + 8) === salts[0] && bytes.readUInt32BE(offset + 12) === salts[1];
      const stored: [number, number] = [bytes.readUInt32BE(offset + 16), bytes.readUInt32BE(offset + 20)];
      let sum = checksum(bytes, offset, offset + 8, seed, bigEndian);
      sum = checksum(bytes, offset + FRAME_HEADER, offset + frameSize, sum, bigEndian);
      frames.push({ index, offset, page, commitSize, saltsMatch, selfIntact: page > 0 && checksumEquals(sum, stored), stored });
      seed = stored;
    }
    const parsed = { bytes, pageSize, headerOk, frames };
    if (!best || intactCount(parsed) > intactCount(best)) best = parsed;
  }
  return best;
}

const checksumEquals = (a: [number, number], b: [number, number]) => a[0] === b[0] && a[1] === b[1];
const intactCount = (p: ParsedWal) => p.frames.filter((f) => f.saltsMatch && f.selfIntact).length;

/** The number of frames SQLite replays: the run of valid frames from the start, cut back to its last commit frame. */
function replayedFrames(parsed: ParsedWal): number {
  if (!parsed.headerOk) return 0;
  let lastCommit = 0;
  for (const f of parsed.frames) {
    if (!(f.saltsMatch && f.selfIntact)) break;
    if (f.commitSize > 0) lastCommit = f.index + 1;
  }
  return lastCommit;
}

/** Damage that would make SQLite drop committed transactions of `walPath`, or null (no -wal, or nothing lost). */
export function inspectWal(walPath: string): WalDamage | null {
  const parsed = parseWal(walPath);
  if (!parsed) return null;
  const usable = replayedFrames(parsed);
  // The first frame SQLite does not replay and that is not simply the end of what it replays.
  const firstBad = parsed.frames.findIndex((f, i) => i >= usable && !(f.saltsMatch && f.selfIntact));
  if (firstBad < 0 && parsed.headerOk) return null;
  const from = parsed.headerOk ? firstBad : 0;
  const after = parsed.frames.slice(from).filter((f) => f.saltsMatch && f.selfIntact);
  const droppedCommits = after.filter((f) => f.commitSize > 0).length;
  if (droppedCommits === 0) return null;
  return { walPath, pageSize: parsed.pageSize, usableFrames: usable, droppedCommits, droppedFrames: after.length };
}

/**
 * Writes into `dest` the database `dbPath` as its -wal would have left it without the damage: the main file with
 * every intact frame of this WAL generation applied in order, up to the last intact commit frame. A damaged frame is
 * skipped (the page keeps its previous version, which a later frame usually supersedes: every commit rewrites the
 * pages it touches). The result may be inconsistent where a page had no later intact version; it is only read by
 * the salvage (salvage.ts), which skips what it cannot read. Returns false when there is nothing to rebuild.
 */
export function rebuildFromWal(dbPath: string, walPath: string, dest: string): boolean {
  const parsed = parseWal(walPath);
  if (!parsed) return false;
  const intact = parsed.frames.filter((f) => f.saltsMatch && f.selfIntact);
  const lastCommit = [...intact].reverse().find((f) => f.commitSize > 0);
  if (!lastCommit) return false;
  fs.copyFileSync(dbPath, dest);
  const fd = fs.openSync(dest, 'r+');
  try {
    for (const f of intact) {
      if (f.index > lastCommit.index) break;
      fs.writeSync(fd, parsed.bytes, f.offset + FRAME_HEADER, parsed.pageSize, (f.page - 1) * parsed.pageSize);
    }
    fs.ftruncateSync(fd, lastCommit.commitSize * parsed.pageSize);
    // A plain rollback-journal file: no -wal is looked for next to it.
    fs.writeSync(fd, Buffer.from([1, 1]), 0, 2, 18);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}
