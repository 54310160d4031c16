import { describe, expect, it } from 'vitest';
import { backupFileName, parseBackupFileName } from '../../../../electron/core/backup';

describe('backup file names', () => {
  it('uses Lima wall-clock time (UTC-5) in caja-YYYYMMDD-HHMMSS-<reason>.db', () => {
    // 03:04:05 UTC on 1 March is 22:04:05 of 28 February in Lima.
    expect(backupFileName('daily', new Date('2025-03-01T03:04:05.678Z'))).toBe('caja-20250228-220405-daily.db');
    expect(backupFileName('pre_migration', new Date('2025-12-31T17:00:00Z'))).toBe('caja-20251231-120000-pre_migration.db');
    expect(backupFileName('manual', new Date('2025-12-31T17:00:00Z'), 3)).toBe('caja-20251231-120000-manual-3.db');
  });

  it('reads back reason, instant and counter', () => {
    const at = new Date('2025-03-01T03:04:05Z');
    for (const reason of ['daily', 'manual', 'pre_migration', 'pre_restore'] as const) {
      expect(parseBackupFileName(backupFileName(reason, at))).toEqual({ reason, createdAt: at.toISOString(), sequence: 1 });
    }
    expect(parseBackupFileName('caja-20250228-220405-manual-2.db')).toMatchObject({ reason: 'manual', sequence: 2 });
  });

  it('ignores other files', () => {
    for (const name of ['caja.db', 'caja-backups.json', 'caja-20250228-220405-weekly.db', 'caja-20250228-220405-daily.db.partial', 'x-20250228-220405-daily.db']) {
      expect(parseBackupFileName(name)).toBeNull();
    }
  });
});
