// The whole-file check runs in the background a few seconds after the core starts. A page it reads and nothing at
// the counter touches is damaged on disk while the till runs: the status bar says so, and the till goes on selling.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

/** Overwrites the first page of a table the counter never reads (the cache of DNI/RUC lookups) with garbage. */
function damageLookupsTable(dbPath: string): void {
  const db = new Database(dbPath, { readonly: true });
  const root = db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'lookups'").pluck().get() as number;
  db.close();
  const fd = fs.openSync(dbPath, 'r+');
  try {
    fs.writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, (root - 1) * 4096);
  } finally {
    fs.closeSync(fd);
  }
}

test('a damage found by the background check is said in the status bar, and the till goes on selling', async ({ harness }) => {
  const { page } = harness;
  const dbPath = path.join(harness.dataDir, 'caja.db');
  // Before the check runs (5 s after the core started).
  damageLookupsTable(dbPath);
  await harness.open();
  await expect(page.getByTestId('storage-damage')).toHaveCount(0);

  const chip = page.getByTestId('storage-damage');
  await expect(chip).toContainText('La verificación de la base de datos encontró un daño', { timeout: 20_000 });
  await expect(chip).toContainText('Se sigue vendiendo');
  expect(fs.existsSync(`${dbPath}.damaged`)).toBe(true);

  await typeLine(page, 1, { code: 'AG', description: 'Agua 625 ml', quantity: '1', price: '1.50' });
  await page.keyboard.press('F12');
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);
  await expect(chip).toBeVisible();
  await harness.screenshot('base-danada-barra-de-estado');
});
