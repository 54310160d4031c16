// Seeds a folder with a week's start of daily copies as the core keeps them past MIN_DIFFERENTIAL_IMAGE_BYTES: a full
// copy on the first day and differentials after it. Built by the core's own backup code on a throwaway database with
// sales of a real size, since a browser test's till is far too small for a differential. Loaded through tsx (the
// core's modules use `import.meta.url`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackup } from '../../electron/core/backup';
import { createRepositories, openDatabase } from '../../electron/core/db';

const DAY_MS = 86_400_000;
/** 600 boletas with a 2 KB payload: past the 1 MiB below which every daily copy is a full one. */
const SALES = 600;
const PAYLOAD = 'x'.repeat(2000);

export interface SeededCopies {
  folder: string;
  /** File names, oldest first: the full copy, then the differentials. */
  fileNames: string[];
  remove(): void;
}

/** `days` daily copies, one a day from 1 March 2025 08:00 Lima; a few sales between each. */
export async function seedDifferentialCopies(days: number): Promise<SeededCopies> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-e2e-diferencial-'));
  const folder = path.join(dir, 'copias');
  const db = openDatabase({ path: path.join(dir, 'caja.db') });
  const fileNames: string[] = [];
  try {
    const repos = createRepositories(db);
    repos.series.ensure('03', 'B001');
    const sell = db.sqlite.transaction((count: number, day: string) => {
      for (let i = 0; i < count; i++) {
        const number = repos.series.nextNumber('03', 'B001');
        repos.documents.insert({
          id_base_dato: crypto.randomUUID(),
          doc_type: '03',
          series: 'B001',
          number,
          issued_at: `${day}T10:00:00-05:00`,
          issue_date: day,
          currency: 'PEN',
          customer_doc_type: '1',
          customer_doc_number: '12345678',
          customer_name: 'CLIENTE DE PRUEBA',
          total: '118.00',
          igv: '18.00',
          payload: JSON.stringify({ serie: 'B001', numero: number, observaciones: PAYLOAD }),
        });
      }
    });
    sell.immediate(SALES, '2025-02-28');
    let at = Date.parse('2025-03-01T13:00:00.000Z');
    for (let day = 0; day < days; day++) {
      sell.immediate(30, new Date(at - 5 * 3600_000).toISOString().slice(0, 10));
      const now = new Date(at);
      const copy = await createBackup(db.sqlite, { folder, reason: 'daily', now: () => now });
      if (copy.check !== 'ok') throw new Error(`seed: daily copy ${copy.fileName} failed: ${copy.message ?? ''}`);
      fileNames.push(copy.fileName);
      at += DAY_MS;
    }
  } finally {
    db.close();
  }
  return { folder, fileNames, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
