// Shared helpers for the local-store tests: temp folders, a stepping clock, document factories.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterEach } from 'vitest';
import { defaultMigrationsDir, type NewDocument } from '../../../../electron/core/db';

const created: string[] = [];

afterEach(() => {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder, removed after the current test. */
export function tempDir(prefix = 'caja-db-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** A clock that starts at `start` and moves one second forward on every call. */
export function steppingClock(start = '2025-03-01T15:00:00.000Z'): () => Date {
  let t = Date.parse(start);
  return () => {
    const d = new Date(t);
    t += 1000;
    return d;
  };
}

export function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** A valid new document; override whatever the test is about. */
export function newDocument(overrides: Partial<NewDocument> = {}): NewDocument {
  const series = overrides.series ?? 'B001';
  const number = overrides.number ?? 1;
  return {
    id_base_dato: crypto.randomUUID(),
    doc_type: '03',
    series,
    number,
    issued_at: '2025-03-01T10:00:00-05:00',
    issue_date: '2025-03-01',
    currency: 'PEN',
    customer_doc_type: '1',
    customer_doc_number: '12345678',
    customer_name: 'CLIENTE DE PRUEBA',
    total: '118.00',
    igv: '18.00',
    payload: JSON.stringify({ serie: series, numero: number }),
    ...overrides,
  };
}

/** A folder with the app's migrations up to `version` (included): a database as an older Caja left it. */
export function folderUpTo(version: number): string {
  const dir = tempDir('caja-migrations-');
  for (const file of fs.readdirSync(defaultMigrationsDir())) {
    if (file.endsWith('.sql') && Number(file.slice(0, 4)) <= version) {
      fs.copyFileSync(path.join(defaultMigrationsDir(), file), path.join(dir, file));
    }
  }
  return dir;
}
