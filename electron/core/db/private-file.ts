// The till's database, its -wal and -shm, and its backup copies hold the shop's sales, staff PIN hashes and settings:
// readable by the user alone. POSIX modes only; on Windows the user profile's ACLs already keep other users
// out and chmod can only toggle read-only, so nothing is changed there.
import fs from 'node:fs';

export const PRIVATE_MODE = 0o600;

export function makePrivate(...files: string[]): void {
  if (process.platform === 'win32') return;
  for (const file of files) {
    try {
      fs.chmodSync(file, PRIVATE_MODE);
    } catch {
      // A -wal or -shm that does not exist (yet), or a read-only mount: nothing to tighten.
    }
  }
}
