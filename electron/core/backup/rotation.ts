// Rotation of the automatic daily copies. Only 'daily' files are ever deleted; manual, pre_migration and
// pre_restore copies stay until the user removes them.
import fs from 'node:fs';
import type { BackupInfo } from '../../../shared/bridge/backup';
import { basesOf, forgetBackups, listFolder } from './catalog';
import { sidecarOf } from './page-hashes';
import { byContentNewestFirst } from './content-rank';

export const KEEP_DAILY = 14;

/**
 * Keeps the `keep` newest daily copies (newest by content: documents, then events, then the time in the name) that did not fail their check (ok, or unverified copies found in the folder)
 * and deletes older ones. A failed daily copy is deleted once a newer sound one exists (until then it is kept so the
 * user can see what went wrong). A full copy that a kept differential copy needs is kept with it, however old.
 * Returns the deleted file names.
 */
export function rotateDailyBackups(folder: string, keep = KEEP_DAILY): string[] {
  // Ranked by content, not by the clock that named them (a future-dated copy outlived the real ones).
  const daily = byContentNewestFirst(listFolder(folder).filter((b) => b.reason === 'daily' && b.size > 0));
  const doomed: BackupInfo[] = [];
  let sound = 0;
  for (const backup of daily) {
    if (backup.check === 'failed') {
      if (sound > 0) doomed.push(backup);
      continue;
    }
    sound += 1;
    if (sound > keep) doomed.push(backup);
  }
  const bases = basesOf(folder);
  const gone = new Set(doomed.map((b) => b.fileName));
  const needed = new Set(daily.filter((b) => !gone.has(b.fileName)).flatMap((b) => bases.get(b.fileName) ?? []));
  const deleted: string[] = [];
  for (const backup of doomed) {
    if (needed.has(backup.fileName)) continue;
    try {
      fs.rmSync(backup.path, { force: true });
      fs.rmSync(sidecarOf(backup.path), { force: true });
      deleted.push(backup.fileName);
    } catch {
      // Locked or already gone: tried again at the next rotation.
    }
  }
  forgetBackups(folder, deleted);
  return deleted;
}
