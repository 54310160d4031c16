// Backup file names: caja-YYYYMMDD-HHMMSS-<reason>.db in Lima time (UTC-5 all year), e.g. caja-20250301-093000-daily.db.
// A second copy in the same second and for the same reason gets a counter: caja-20250301-093000-manual-2.db.
// A differential daily copy (differential.ts) ends in .delta instead: caja-20250302-093000-daily.delta.
import { BACKUP_REASONS, type BackupReason } from '../../../shared/bridge/backup';
import { LIMA_OFFSET, limaDateTime } from '../../../shared/catalog';

const NAME = /^caja-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-([a-z_]+?)(?:-(\d+))?\.(db|delta)$/;

export interface ParsedBackupName {
  reason: BackupReason;
  /** UTC ISO of the Lima wall-clock time in the name (second precision). */
  createdAt: string;
  /** 1 for the plain name, 2.. for the counter. */
  sequence: number;
  /** True for a differential copy (.delta), which needs its full copy to be read. */
  differential?: true;
}

/** The name for a copy taken at `at`; `sequence` > 1 adds the counter. */
export function backupFileName(reason: BackupReason, at: Date, sequence = 1, kind: 'full' | 'differential' = 'full'): string {
  const lima = limaDateTime(at); // YYYY-MM-DDTHH:mm:ss-05:00
  const stamp = `${lima.slice(0, 4)}${lima.slice(5, 7)}${lima.slice(8, 10)}-${lima.slice(11, 13)}${lima.slice(14, 16)}${lima.slice(17, 19)}`;
  return `caja-${stamp}-${reason}${sequence > 1 ? `-${sequence}` : ''}.${kind === 'differential' ? 'delta' : 'db'}`;
}

/** Reads a name written by backupFileName; null for any other file. */
export function parseBackupFileName(fileName: string): ParsedBackupName | null {
  const m = NAME.exec(fileName);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, reason, seq, ext] = m as unknown as string[];
  if (!(BACKUP_REASONS as readonly string[]).includes(reason ?? '')) return null;
  const instant = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${LIMA_OFFSET}`);
  if (Number.isNaN(instant)) return null;
  return {
    reason: reason as BackupReason,
    createdAt: new Date(instant).toISOString(),
    sequence: seq === undefined ? 1 : Number(seq),
    ...(ext === 'delta' ? { differential: true as const } : {}),
  };
}

/** Newest first: by time in the name, then by counter. */
export function compareNewestFirst(a: ParsedBackupName, b: ParsedBackupName): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.sequence - a.sequence;
}

/** Whether a file name is a differential copy's. */
export function isDifferentialName(fileName: string): boolean {
  return parseBackupFileName(fileName)?.differential === true;
}
