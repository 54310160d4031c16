// Optional persistence of what the "authority" holds, as JSON, so a sandbox restarted for a drill remembers what it
// registered and what it voided. Written atomically (temp file + rename) after every change.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Registration, VoidRegistration } from './registry';

type Stored<T extends { at: Date }> = Omit<T, 'at'> & { at: string };

export interface SandboxState {
  registrations: Registration[];
  voids: VoidRegistration[];
}

export function loadState(path: string): SandboxState {
  if (!existsSync(path)) return { registrations: [], voids: [] };
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { registrations?: Stored<Registration>[]; voids?: Stored<VoidRegistration>[] };
  return {
    registrations: (parsed.registrations ?? []).map((r) => ({ ...r, at: new Date(r.at) })),
    // Version 1 files have no voids.
    voids: (parsed.voids ?? []).map((v) => ({ ...v, at: new Date(v.at) })),
  };
}

export function saveState(path: string, state: { registrations: ReadonlyArray<Registration>; voids: ReadonlyArray<VoidRegistration> }): void {
  const registrations = state.registrations.map((r) => ({ ...r, at: r.at.toISOString() }));
  const voids = state.voids.map((v) => ({ ...v, at: v.at.toISOString() }));
  const temp = `${path}.tmp`;
  writeFileSync(temp, JSON.stringify({ version: 2, registrations, voids }, null, 1));
  renameSync(temp, path);
}
