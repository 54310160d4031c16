// Optional persistence of the registrations as JSON, so a sandbox restarted for a drill remembers what the
// "authority" already registered. Written atomically (temp file + rename) after every registration.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Registration } from './registry';

interface StoredRegistration extends Omit<Registration, 'at'> {
  at: string;
}

export function loadState(path: string): Registration[] {
  if (!existsSync(path)) return [];
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { registrations?: StoredRegistration[] };
  return (parsed.registrations ?? []).map((r) => ({ ...r, at: new Date(r.at) }));
}

export function saveState(path: string, registrations: ReadonlyArray<Registration>): void {
  const stored: StoredRegistration[] = registrations.map((r) => ({ ...r, at: r.at.toISOString() }));
  const temp = `${path}.tmp`;
  writeFileSync(temp, JSON.stringify({ version: 1, registrations: stored }, null, 1));
  renameSync(temp, path);
}
