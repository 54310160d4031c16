// A database found damaged after it opened (the background check, background-check.ts) is marked beside it:
// <file>.damaged says when and why. The start-up check reads only what it must before the first write, so without the
// mark the next start would not see the damage; with it, the next start offers the same restore as a damage found at
// start. The mark names the file it was made for (device and inode): a restore puts a new file in place (a rename),
// and a mark never condemns a file other than the one found damaged.
import fs from 'node:fs';

export interface DamageMark {
  /** When the damage was found (UTC ISO). */
  at: string;
  /** What the check said, in Spanish. */
  reason: string;
}

interface StoredMark extends DamageMark {
  file: string;
}

export const damageMarkOf = (dbPath: string): string => `${dbPath}.damaged`;

function identityOf(dbPath: string): string | null {
  try {
    const stat = fs.statSync(dbPath, { bigint: true });
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return null;
  }
}

/** Writes the mark durably (a temporary file, fsynced, renamed into place). */
export function markDamaged(dbPath: string, mark: DamageMark): void {
  const target = damageMarkOf(dbPath);
  const temp = `${target}.${process.pid}.tmp`;
  const stored: StoredMark = { ...mark, file: identityOf(dbPath) ?? '' };
  const fd = fs.openSync(temp, 'w');
  try {
    fs.writeSync(fd, JSON.stringify(stored));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, target);
}

/** The mark of `dbPath`, or null when there is none or it was made for another file. */
export function readDamageMark(dbPath: string): DamageMark | null {
  let text: string;
  try {
    text = fs.readFileSync(damageMarkOf(dbPath), 'utf8');
  } catch {
    return null;
  }
  let stored: Partial<StoredMark>;
  try {
    stored = JSON.parse(text) as Partial<StoredMark>;
  } catch {
    // A mark cut short by a crash still says the file was found damaged.
    return { at: '', reason: 'la verificación en segundo plano encontró un daño' };
  }
  if (stored.file && stored.file !== identityOf(dbPath)) return null;
  return { at: String(stored.at ?? ''), reason: String(stored.reason ?? 'la verificación en segundo plano encontró un daño') };
}

/** After a restore: the file in place is another one. */
export function clearDamageMark(dbPath: string): void {
  fs.rmSync(damageMarkOf(dbPath), { force: true });
}
