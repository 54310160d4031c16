// The copy to offer when the live database is damaged at start: the newest one that passes every restore check now
// (a copy that was fine when written may have been damaged since, so each candidate is checked again, in a worker
// thread so the window stays responsive while a large copy is read).
import type { BackupInfo } from '../../../shared/bridge/backup';
import { listFolder } from './catalog';
import { byContentNewestFirst } from './content-rank';
import { withCopyImage } from './copy-image';
import { validateBackupFileOffThread } from './inspect';

/** `folder` may be a list (e.g. backupFoldersOf(dataDir)): the newest sound copy across all of them. */
export async function latestGoodBackup(folder: string | readonly string[], migrationsDir: string): Promise<BackupInfo | undefined> {
  // Newest by content, not by the clock that named them (a future-dated copy of 2 sales was offered over 6).
  const candidates = byContentNewestFirst(
    (typeof folder === 'string' ? [folder] : folder).flatMap((f) => listFolder(f)).filter((b) => b.check !== 'failed' && b.size > 0),
  );
  for (const backup of candidates) {
    try {
      const valid = await withCopyImage(backup.path, (image) => validateBackupFileOffThread(image, migrationsDir));
      return { ...backup, documents: valid.documents.count };
    } catch {
      // Damaged or foreign: try the next older one.
    }
  }
  return undefined;
}
