// The thermal ticket is exactly as wide as its paper and nothing in it is wider, whatever the content: 50 lines,
// descriptions of 120 characters without a single space, a very long customer name, big amounts.
import type { DocumentSummary } from '../../shared/bridge';
import { test, expect } from './harness';
import { call, pdfPages, pdfText } from './print-checks';
import path from 'node:path';
import { pdfOf, PRINT_ARTIFACTS, printRouteUrl, PX_PER_MM, savePrintArtifact, waitForPrintReady } from './print-page';

const NO_SPACES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.repeat(4).slice(0, 120);
const WIDE = 'W'.repeat(120);
const WITH_SPACES = 'Galletas de avena con chispas de chocolate bitter al 70 % paquete familiar de doce unidades edición especial navideña';

function lines(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    code: `COD${String(i + 1).padStart(27, '0')}`, // 30 characters, the longest code allowed
    description: [NO_SPACES, WIDE, WITH_SPACES][i % 3],
    unit: i % 5 === 0 ? 'KGM' : 'NIU',
    quantity: i % 5 === 0 ? '1234.567' : String(100 + i),
    unitPrice: '12345.6789',
    affectation: i % 4 === 0 ? '20' : '10',
  }));
}

/** Elements of the ticket wider than it, or sticking out of it (none expected), and the ticket's own width. */
async function measure(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const ticket = document.querySelector<HTMLElement>('.ticket');
    if (!ticket) throw new Error('no ticket');
    const box = ticket.getBoundingClientRect();
    const offenders = [...ticket.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return el.scrollWidth > ticket.clientWidth || r.right > box.right + 0.5 || r.left < box.left - 0.5;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${el.scrollWidth}px)`);
    return { width: box.width, scrollWidth: ticket.scrollWidth, clientWidth: ticket.clientWidth, offenders, lines: ticket.querySelectorAll('.ticket__line').length };
  });
}

test('the 80 mm and 58 mm tickets never overflow their paper, with 50 long lines', async ({ harness }) => {
  const { page, core } = harness;
  const doc = await call<DocumentSummary>(core.dispatch.bind(core), 'issueSale', {
    clientKey: crypto.randomUUID(),
    docType: '03',
    customer: { docType: '1', docNumber: '47111222', name: 'QUISPEHUAMANRAMIREZLOPEZ'.repeat(6), address: 'JR.'.padEnd(200, 'X') },
    lines: lines(50),
    payment: { method: 'CONTADO' },
    legends: [{ code: '2001', value: 'BIENES TRANSFERIDOS EN LA AMAZONÍA REGIÓN SELVA PARA SER CONSUMIDOS EN LA MISMA'.replace(/ /g, '') }],
  });

  for (const paper of ['80mm', '58mm'] as const) {
    await page.goto('about:blank');
    await page.emulateMedia({ media: 'screen' });
    await page.goto(printRouteUrl(harness.baseUrl, { source: { kind: 'document', id: doc.id }, paper, copy: true }));
    const { heightPx } = await waitForPrintReady(page); // leaves the page in print media
    const paperPx = Number.parseInt(paper, 10) * PX_PER_MM;
    for (const media of ['print', 'screen'] as const) {
      await page.emulateMedia({ media });
      const m = await measure(page);
      expect(m.lines).toBe(50);
      expect(m.width, `${paper} ${media}`).toBeCloseTo(paperPx, 1);
      expect(m.scrollWidth, `${paper} ${media}`).toBeLessThanOrEqual(m.clientWidth);
      expect(m.offenders, `${paper} ${media}`).toEqual([]);
    }
    await page.locator('.print-root').screenshot({ path: path.join(PRINT_ARTIFACTS, `largo-${paper}.png`) });
    const pdf = await pdfOf(page, paper, heightPx);
    await savePrintArtifact(`largo-${paper}.pdf`, pdf);
    expect(await pdfPages(pdf)).toBe(1); // one long strip of paper, as a thermal printer wants
  }

  // The same document on A4 runs over several pages and ends with its totals.
  await page.goto('about:blank');
  await page.goto(printRouteUrl(harness.baseUrl, { source: { kind: 'document', id: doc.id }, paper: 'A4', copy: true }));
  const { heightPx } = await waitForPrintReady(page);
  const a4 = await pdfOf(page, 'A4', heightPx);
  await savePrintArtifact('largo-A4.pdf', a4);
  expect(await pdfPages(a4)).toBeGreaterThan(1);
  const text = await pdfText(a4);
  expect(text).toContain('Importe total S/');
  expect(text).toContain('Representación impresa de la BOLETA DE VENTA ELECTRÓNICA');
});
