// The A4 table never breaks. Units print short (UND, KG, BOT) and never wrap mid-word ("UNIDA/D",
// "KILOG/RAMO" before); a 13-digit code sits whole in its own column, never over the description. Checked as PDF
// text and by measuring the cells.
import type { DocumentSummary } from '../../shared/bridge';
import { test, expect } from './harness';
import { call, expectTextToHave, renderPrinted } from './print-checks';

const LONG = 'Galletas de avena con chispas de chocolate bitter al 70 % paquete familiar de doce unidades';

test('A4: short units, 13-digit codes whole in their column, long descriptions wrap inside theirs', async ({ harness }) => {
  const { page, core } = harness;
  const doc = await call<DocumentSummary>(core.dispatch.bind(core), 'issueSale', {
    clientKey: crypto.randomUUID(),
    docType: '03',
    customer: { docType: '0', docNumber: '', name: '', address: '' },
    lines: [
      { code: '7751012000450', description: LONG, unit: 'NIU', quantity: '12', unitPrice: '24.90', affectation: '10' },
      { code: '2000000000114', description: 'Azúcar rubia a granel', unit: 'KGM', quantity: '1.5', unitPrice: '4.20', affectation: '10' },
      { code: '7753056000182', description: 'Inca Kola 500 ml', unit: 'BO', quantity: '3', unitPrice: '2.50', affectation: '10' },
    ],
    payment: { method: 'CONTADO' },
  });
  const a4 = await renderPrinted(page, harness.baseUrl, { source: { kind: 'document', id: doc.id }, paper: 'A4', copy: false }, 'boleta-a4-columnas');
  expectTextToHave(a4.text, ['7751012000450', '2000000000114', '7753056000182', 'UND', 'KG', 'BOT']);
  expect(a4.text).not.toMatch(/UNIDA\s*D|KILOG\s*RAMO|KILOGRAMO|UNIDAD/);

  // Every cell of the table holds its text: nothing sticks out of its column (the code over the description).
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableCellElement>('.a4__lines td')]
      .filter((td) => td.scrollWidth > td.clientWidth + 0.5)
      .map((td) => `${td.className || td.cellIndex}: ${td.textContent ?? ''}`),
  );
  expect(overflow).toEqual([]);
  // A 13-digit code and a unit stay on one line.
  const heights = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.a4__lines td.a4__code, .a4__lines td.a4__unit')].map((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      return range.getClientRects().length;
    }),
  );
  expect(heights.every((lines) => lines === 1), `lines per code/unit cell: ${heights.join(', ')}`).toBe(true);
});
