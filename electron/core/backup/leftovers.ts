// Leftovers of interrupted work: a copy cut short leaves `<name>.partial`, a restore cut short leaves
// `.caja.db.restore-<pid>-<time>.tmp`, a new database or a salvage cut short leave theirs; each may be as large as
// the database (126 MB each in the drill). They are removed at start-up, while the core holds the data folder's lock
// (so none of them can belong to a Caja still running), and the user is told how much space came back.
import fs from 'node:fs';
import path from 'node:path';

export interface LeftoverCleanup {
  files: string[];
  bytes: number;
  /** Spanish, for the start-up notice; null when nothing was removed. */
  message: string | null;
}

const SIDE = '(?:-journal|-wal|-shm)?';
/** In the database's folder. */
const DATA_PATTERNS = [
  new RegExp(`^\\..+\\.restore-\\d+-\\d+\\.tmp${SIDE}$`),
  new RegExp(`^\\..+\\.salvage-\\d+-\\d+(?:-rebuilt)?\\.tmp${SIDE}$`),
  new RegExp(`^\\.?caja.*\\.new-\\d+-\\d+${SIDE}$`),
  /^(?:modo|backup-folder)\.json\.\d+\.tmp$/,
];
/** In the copies' folders. */
const BACKUP_PATTERNS = [
  new RegExp(`^caja-.+\\.db\\.partial${SIDE}$`),
  /^caja-backups\.json\.\d+\.tmp$/,
  // A differential or a page map cut short, and the image of a differential rebuilt for a check or a restore.
  /^caja-.+\.(?:delta|db\.pages)\.partial$/,
  new RegExp(`^caja-.+\\.delta\\.image-\\d+-\\d+\\.tmp${SIDE}$`),
];

export function cleanLeftovers(dataFolder: string, backupFolders: readonly string[]): LeftoverCleanup {
  const removed: string[] = [];
  let bytes = 0;
  const sweep = (folder: string, patterns: RegExp[]) => {
    let names: string[];
    try {
      names = fs.readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      if (!patterns.some((p) => p.test(name))) continue;
      const file = path.join(folder, name);
      try {
        const stat = fs.statSync(file);
        if (!stat.isFile()) continue;
        fs.rmSync(file, { force: true });
        removed.push(file);
        bytes += stat.size;
      } catch {
        // Locked or gone: tried again at the next start.
      }
    }
  };
  sweep(dataFolder, DATA_PATTERNS);
  for (const folder of new Set(backupFolders)) sweep(folder, BACKUP_PATTERNS);
  const message =
    removed.length === 0
      ? null
      : `Se borraron ${removed.length === 1 ? 'un archivo temporal' : `${removed.length} archivos temporales`} de copias o ` +
        `restauraciones que no terminaron: se liberaron ${formatBytes(bytes)}.`;
  return { files: removed, bytes, message };
}

/** 126 MB, 1,2 GB, 340 kB: sizes as a Peruvian reader writes them (decimal comma). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const text = unit === 0 || value >= 10 ? String(Math.round(value)) : value.toFixed(1).replace('.', ',');
  return `${text} ${units[unit]}`;
}
