import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { require as tsxRequire } from 'tsx/cjs/api';
import type { Page } from '@playwright/test';
import { test, expect, type Harness } from './harness';
import { closeDialog, ticketDialog, typeLine } from './sale-helpers';

/** Loaded through tsx: the core's backup code uses `import.meta.url`. */
const differentialCopies = () =>
  tsxRequire('./differential-copies.ts', __filename) as typeof import('./differential-copies');

/** Splits RFC 4180 CSV text (CRLF, quoted fields) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Exports through the system's save dialog (the harness answers a temp file); returns the file written. */
async function exportFile(harness: Harness, format: 'CSV' | 'ZIP'): Promise<string> {
  const region = harness.page.getByRole('region', { name: 'Exportar para el contador' });
  await region.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  const before = harness.dialogs.saved.length;
  await region.getByRole('button', { name: 'Exportar' }).click();
  await expect(region.getByText(/^Archivo guardado: comprobantes-/)).toBeVisible();
  expect(harness.dialogs.saved).toHaveLength(before + 1);
  return harness.dialogs.saved.at(-1)!;
}

async function issueBoleta(page: Page): Promise<void> {
  await typeLine(page, 1, { code: 'A001', description: 'Arroz extra 1 kg', quantity: '3', price: '3.35' });
  await expect(page.getByTestId('total-total')).toHaveText('S/ 10.05');
  await page.getByRole('button', { name: 'Emitir (F12)' }).click();
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await closeDialog(page);
}

test('backups: a copy on demand is listed as verified; the folder is changed only through the system dialog', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await issueBoleta(page);
  await page.keyboard.press('F4');
  const region = page.getByRole('region', { name: 'Copias de seguridad' });
  await expect(region.getByTestId('backup-folder')).toContainText('(predeterminada)');
  await expect(region.getByText('Todavía no hay copias en esta carpeta.')).toBeVisible();

  await region.getByRole('button', { name: 'Crear copia ahora' }).click();
  await expect(region.getByText('Copia creada y verificada')).toBeVisible();
  const rows = region.getByRole('table', { name: 'Copias de seguridad' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const cells = rows.first().getByRole('cell');
  await expect(cells.nth(0)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(cells.nth(1)).toHaveText('Manual');
  await expect(cells.nth(2)).toHaveText('Completa');
  await expect(cells.nth(3)).toHaveText(/^\d+(\.\d)? (B|KB|MB)$/);
  await expect(cells.nth(4)).toHaveText('1');
  await expect(cells.nth(5)).toHaveText('✓ Verificada');
  // Only full copies: no word about differentials.
  await expect(region.getByText(/copia diferencial/)).toHaveCount(0);
  await region.scrollIntoViewIfNeeded();
  await harness.screenshot('ajustes-copias');

  // The list agrees with the core's.
  const listed = (await harness.core.dispatch('listBackups', {})) as { value: { backups: { check: string; reason: string }[] } };
  expect(listed.value.backups).toMatchObject([{ check: 'ok', reason: 'manual' }]);

  // The folder comes only from the system's dialog (no typed path): cancelling changes nothing; a chosen folder is
  // used and the list follows it.
  const choose = region.getByRole('button', { name: 'Elegir otra carpeta…' });
  await choose.click();
  await expect(region.getByTestId('backup-folder')).not.toContainText('caja-e2e-copias-');
  const other = await fs.mkdtemp(path.join(os.tmpdir(), 'caja-e2e-copias-'));
  try {
    harness.dialogs.nextFolder = other;
    await choose.click();
    await expect(region.getByText(`Las copias se guardarán en ${other}.`)).toBeVisible();
    await expect(region.getByTestId('backup-folder')).toHaveText(`Carpeta en uso: ${other}`);
    await expect(region.getByText('Todavía no hay copias en esta carpeta.')).toBeVisible();
    await region.getByRole('button', { name: 'Crear copia ahora' }).click();
    await expect(rows).toHaveCount(1);
    expect((await fs.readdir(other)).some((name) => name.endsWith('.db') || name.endsWith('.sqlite'))).toBe(true);
  } finally {
    await fs.rm(other, { recursive: true, force: true });
  }
});

test('backups: each copy says whether it is whole or differential, and which full copy a differential needs', async ({ harness }) => {
  const { page } = harness;
  // Three daily copies of a database past the size of differentials, by the core's own backup code.
  const seeded = await differentialCopies().seedDifferentialCopies(3);
  try {
    expect(seeded.fileNames.map((name) => path.extname(name))).toEqual(['.db', '.delta', '.delta']);
    await harness.open();
    await page.keyboard.press('F4');
    const region = page.getByRole('region', { name: 'Copias de seguridad' });
    harness.dialogs.nextFolder = seeded.folder;
    await region.getByRole('button', { name: 'Elegir otra carpeta…' }).click();
    await expect(region.getByText(`Las copias se guardarán en ${seeded.folder}.`)).toBeVisible();

    const table = region.getByRole('table', { name: 'Copias de seguridad' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    const cell = (row: number, column: number) => rows.nth(row).getByRole('cell').nth(column);
    await expect(cell(2, 0)).toHaveText('01/03/2025 08:00');
    const needsFull = 'Diferencial (usa la copia completa del 01/03/2025)';
    for (const [row, kind] of [needsFull, needsFull, 'Completa'].entries()) {
      await expect(cell(row, 1)).toHaveText('Diaria');
      await expect(cell(row, 2)).toHaveText(kind);
      await expect(cell(row, 5)).toHaveText('✓ Verificada');
    }
    // The legend says what a differential is, and the column's header points to it.
    const legend = 'Una copia diferencial guarda solo lo que cambió desde su copia completa y necesita esa copia para ' +
      'restaurarse. Caja conserva la copia completa mientras alguna diferencial dependa de ella.';
    await expect(region.getByText(legend)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Tipo' })).toHaveAccessibleDescription(legend);
    // Readable at the till's window: the table fits the section without a sideways scroll.
    const wrap = region.locator('.backups__table-wrap');
    expect(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await region.scrollIntoViewIfNeeded();
    await harness.screenshot('ajustes-copias-diferenciales');
  } finally {
    seeded.remove();
  }
});

test('export for the accountant: CSV of this month holds the boleta; ZIP is a zip; an empty range has only the header', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await issueBoleta(page);
  await page.keyboard.press('F4');
  const region = page.getByRole('region', { name: 'Exportar para el contador' });
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' }));
  // Days read dd/mm/aaaa whatever the browser's locale.
  const [year, month, day] = today.split('-');
  await expect(region.getByLabel('Desde')).toHaveValue(`01/${month}/${year}`);
  await expect(region.getByLabel('Hasta')).toHaveValue(`${day}/${month}/${year}`);

  const csv = await exportFile(harness, 'CSV');
  expect(path.basename(csv)).toBe(`comprobantes-${today.slice(0, 8)}01-al-${today}.csv`);
  const rows = parseCsv(await fs.readFile(csv, 'utf8'));
  const header = rows[0] ?? [];
  expect(header).toEqual(expect.arrayContaining(['tipo', 'serie', 'numero', 'fecha', 'total']));
  expect(rows).toHaveLength(2);
  const boleta = Object.fromEntries(header.map((name, i) => [name, rows[1]?.[i]]));
  expect(boleta).toMatchObject({ tipo: '03', serie: 'B001', numero: '1', fecha: today, total: '10.05', igv: '1.53' });

  const zip = await exportFile(harness, 'ZIP');
  expect(zip).toMatch(/\.zip$/);
  const entries = Object.keys((await JSZip.loadAsync(await fs.readFile(zip))).files);
  expect(entries.some((name) => name.endsWith('.csv'))).toBe(true);

  // A range before the sale: only the header row.
  await region.getByLabel('Desde').fill('1/1/2020');
  await region.getByLabel('Hasta').fill('31012020');
  await region.getByLabel('Hasta').blur();
  await expect(region.getByLabel('Desde')).toHaveValue('01/01/2020');
  await expect(region.getByLabel('Hasta')).toHaveValue('31/01/2020');
  const empty = parseCsv(await fs.readFile(await exportFile(harness, 'CSV'), 'utf8'));
  expect(empty).toEqual([header]);

  // Reversed dates are refused before asking the core.
  await region.getByLabel('Desde').fill('01/02/2020');
  await region.getByRole('button', { name: 'Exportar' }).click();
  await expect(region.getByLabel('Hasta')).toHaveAccessibleDescription('La fecha inicial es posterior a la final');

  // An impossible day is named on its field, in the form the cashier types.
  await region.getByLabel('Desde').fill('30/02/2020');
  await region.getByRole('button', { name: 'Exportar' }).click();
  await expect(region.getByLabel('Desde')).toHaveAccessibleDescription('Fecha no válida: escríbala como dd/mm/aaaa');
});

test('restore: the chosen copy is checked, what it lacks is shown, and only after confirming is it restored', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await issueBoleta(page);
  await page.keyboard.press('F4');
  const region = page.getByRole('region', { name: 'Copias de seguridad' });
  await region.getByRole('button', { name: 'Crear copia ahora' }).click();
  await expect(region.getByText('Copia creada y verificada')).toBeVisible();

  // A second sale after the copy: the copy lacks it.
  await page.keyboard.press('F1');
  await typeLine(page, 1, { code: 'A002', description: 'Azúcar rubia 1 kg', quantity: '1', price: '4.20' });
  await page.getByRole('button', { name: 'Emitir (F12)' }).click();
  await expect(ticketDialog(page).getByRole('heading', { name: 'Boleta B001-00000002 emitida' })).toBeVisible();
  await closeDialog(page);

  await page.keyboard.press('F4');
  const restore = region.getByRole('group', { name: 'Restaurar una copia' });
  await restore.getByRole('button', { name: 'Restaurar una copia…' }).click();
  const report = restore.getByTestId('restore-report');
  await expect(report).toContainText('1 comprobantes');
  await expect(restore.getByText('1 comprobantes emitidos después de la copia se conservan')).toBeVisible();
  await expect(report).toContainText('B001-00000002');
  await harness.screenshot('ajustes-restaurar');
  expect(harness.restored).toEqual([]);

  await restore.getByRole('button', { name: 'Restaurar esta copia' }).click();
  await expect(restore.getByText('Restaurando la copia… Caja se reiniciará en unos segundos.')).toBeVisible();
  const chosen = await harness.newestBackup();
  expect(harness.restored).toEqual([chosen]);
});
