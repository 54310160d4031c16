// The printed representation: each template (80 mm ticket, 58 mm, A4) rendered by the print route to a PDF with
// page.pdf(), its text checked against the document, its QR decoded from the rendered page and compared with the
// pipe string built from the payload. The PDFs and PNGs stay in tests/artifacts/print/.
import type { ReceiptRecord } from '../../shared/api';
import type { DocumentDetail, DocumentSummary, SettingsView } from '../../shared/bridge';
import { limaDate } from '../../shared/catalog';
import { test, expect } from './harness';
import { call, expectedQrOfPayload, expectedQrOfRecord, expectTextToHave, payloadOf, renderPrinted } from './print-checks';
import { waitForStatus } from './sale-helpers';

// Sharper screenshots of the QR for the decoder.
test.use({ deviceScaleFactor: 2 });

const line = (code: string, description: string, quantity: string, unitPrice: string, extra: Record<string, unknown> = {}) => ({
  code, description, unit: 'NIU', quantity, unitPrice, affectation: '10', ...extra,
});
const anonymous = { docType: '0', docNumber: '', name: '', address: '' };
const inDays = (n: number) => limaDate(new Date(Date.now() + n * 86_400_000));

test('a boleta prints at once without hash; after acceptance its copy carries the hash in text and QR (80 mm, 58 mm, A4)', async ({ harness }) => {
  const { page, core, sandbox } = harness;
  const dispatch = core.dispatch.bind(core);
  const settings = await call<SettingsView>(dispatch, 'getSettings', {});
  sandbox.faults.reset(Infinity, 'send'); // the API is down: the ticket must not wait for it
  const doc = await call<DocumentSummary>(dispatch, 'issueSale', {
    clientKey: crypto.randomUUID(),
    docType: '03', customer: anonymous, payment: { method: 'CONTADO' },
    lines: [line('ARZ', 'Arroz extra 1 kg', '2', '5.90'), line('ACE', 'Aceite vegetal 1 L', '1', '8.50')],
    legends: [{ code: '2005', value: 'Venta realizada por emisor itinerante' }],
  });
  const source = { kind: 'document' as const, id: doc.id };
  const pending = await call<DocumentDetail>(dispatch, 'getDocument', { id: doc.id });
  const invoice = payloadOf(pending);
  expect(pending.hash).toBeNull();

  const original = await renderPrinted(page, harness.baseUrl, { source, paper: '80mm', copy: false }, 'boleta-80mm-original');
  expect(original.qr).toBe(expectedQrOfPayload(invoice, null));
  expect(original.qr?.endsWith('|0|00000000||')).toBe(true);
  expectTextToHave(original.text, [
    settings.company.tradeName, settings.company.name, `R.U.C. ${settings.company.ruc}`, settings.company.address,
    'BOLETA DE VENTA ELECTRÓNICA', 'B001-00000001', 'Fecha de emisión', invoice.fecha_Emision.slice(11, 19), 'CLIENTES VARIOS',
    'Arroz extra 1 kg', '2 UNIDAD x 5.90', '11.80', 'Aceite vegetal 1 L', '1 UNIDAD x 8.50',
    'Op. gravadas S/ 17.20', 'I.G.V. 18 % S/ 3.10', 'Importe total S/ 20.30', 'SON VEINTE CON 30/100 SOLES', 'Forma de pago: Contado', 'pendiente de envío a SUNAT', 'Consulte la validez de este comprobante',
    'Venta realizada por emisor itinerante', 'Representación impresa de la BOLETA DE VENTA ELECTRÓNICA',
  ]);
  expect(pending.demo).toBe(true); // the harness runs in demo mode: the banner must be there
  expectTextToHave(original.text, ['DOCUMENTO DE DEMOSTRACIÓN — SIN VALOR TRIBUTARIO']);
  for (const absent of ['Resumen:', 'REIMPRESIÓN', 'Op. exoneradas', 'I.C.B.P.E.R.']) expect(original.text).not.toContain(absent);
  expect(original.pages).toBe(1);

  // The API answers: the document is accepted with its hash, and a reprint shows it.
  sandbox.faults.clear();
  await waitForStatus(dispatch, doc.id, 'accepted');
  const accepted = await call<DocumentDetail>(dispatch, 'getDocument', { id: doc.id });
  expect(accepted.hash).toBeTruthy();
  const withHash = expectedQrOfPayload(invoice, accepted.hash);

  const copy = await renderPrinted(page, harness.baseUrl, { source, paper: '80mm', copy: true }, 'boleta-80mm-copia');
  expect(copy.qr).toBe(withHash);
  expectTextToHave(copy.text, ['REIMPRESIÓN', `Copia n.º ${accepted.reprints + 1}`, `Resumen: ${accepted.hash}`, 'Importe total S/ 20.30']);

  const narrow = await renderPrinted(page, harness.baseUrl, { source, paper: '58mm', copy: false }, 'boleta-58mm');
  expect(narrow.qr).toBe(withHash);
  expectTextToHave(narrow.text, ['BOLETA DE VENTA ELECTRÓNICA', 'B001-00000001', 'Importe total S/ 20.30', `Resumen: ${accepted.hash}`]);

  const a4 = await renderPrinted(page, harness.baseUrl, { source, paper: 'A4', copy: false }, 'boleta-a4');
  expect(a4.qr).toBe(withHash);
  expectTextToHave(a4.text, [
    `R.U.C. ${settings.company.ruc}`, 'BOLETA DE VENTA ELECTRÓNICA', 'B001-00000001', 'CLIENTES VARIOS', 'ARZ', 'Arroz extra 1 kg',
    'Importe total S/ 20.30', 'SON VEINTE CON 30/100 SOLES', `Resumen: ${accepted.hash}`, 'Representación impresa de la BOLETA DE VENTA ELECTRÓNICA',
  ]);
  expect(a4.pages).toBe(1);
});

test('a factura on credit prints the customer and its instalment table (80 mm and A4)', async ({ harness }) => {
  const { page, core } = harness;
  const dispatch = core.dispatch.bind(core);
  const [due1, due2] = [inDays(30), inDays(60)];
  const doc = await call<DocumentSummary>(dispatch, 'issueSale', {
    clientKey: crypto.randomUUID(),
    docType: '01',
    customer: { docType: '6', docNumber: '20200000006', name: 'DISTRIBUIDORA ANDINA DEMO S.A.', address: 'JR. COMERCIO 250, AREQUIPA' },
    lines: [line('ARZ50', 'Arroz extra saco 50 kg', '2', '177.00')],
    payment: { method: 'CREDITO', installments: [{ amount: '200.00', dueDate: due1 }, { amount: '154.00', dueDate: due2 }] },
  });
  await waitForStatus(dispatch, doc.id, 'accepted');
  const detail = await call<DocumentDetail>(dispatch, 'getDocument', { id: doc.id });
  const expectedQr = expectedQrOfPayload(payloadOf(detail), detail.hash);
  const day = (iso: string) => iso.split('-').reverse().join('/');
  const common = [
    'FACTURA ELECTRÓNICA', 'F001-00000001', 'RUC', '20200000006', 'DISTRIBUIDORA ANDINA DEMO S.A.', 'JR. COMERCIO 250, AREQUIPA',
    'Op. gravadas S/ 300.00', 'I.G.V. 18 % S/ 54.00', 'Monto neto pendiente de pago: S/ 354.00', 'Importe total S/ 354.00', 'SON TRESCIENTOS CINCUENTA Y CUATRO CON 00/100 SOLES',
    'Forma de pago: Crédito', 'Cuota', 'Vencimiento', `001 200.00 ${day(due1)}`, `002 154.00 ${day(due2)}`,
    `Resumen: ${detail.hash}`, 'Representación impresa de la FACTURA ELECTRÓNICA',
  ];
  for (const paper of ['80mm', 'A4'] as const) {
    const printed = await renderPrinted(page, harness.baseUrl, { source: { kind: 'document', id: doc.id }, paper, copy: false }, `factura-credito-${paper}`);
    expect(printed.qr).toBe(expectedQr);
    expectTextToHave(printed.text, common);
    expect(printed.text).not.toContain('CLIENTES VARIOS');
  }
});

test('a plastic-bag line prints ICBPER, and an exonerated line its own total', async ({ harness }) => {
  const { page, core } = harness;
  const dispatch = core.dispatch.bind(core);
  const doc = await call<DocumentSummary>(dispatch, 'issueSale', {
    clientKey: crypto.randomUUID(),
    docType: '03', customer: { docType: '1', docNumber: '47111222', name: 'RAMIREZ LOPEZ, ANA SOFIA', address: '' }, payment: { method: 'CONTADO' },
    lines: [
      line('PAN', 'Pan francés', '5', '0.20'),
      line('BOLSA', 'Bolsa plástica', '2', '0.10', { bag: true }),
      line('LIB', 'Libro escolar', '1', '25.00', { affectation: '20' }),
    ],
  });
  await waitForStatus(dispatch, doc.id, 'accepted');
  const detail = await call<DocumentDetail>(dispatch, 'getDocument', { id: doc.id });
  for (const paper of ['80mm', 'A4'] as const) {
    const printed = await renderPrinted(page, harness.baseUrl, { source: { kind: 'document', id: doc.id }, paper, copy: false }, `bolsa-${paper}`);
    expect(printed.qr).toBe(expectedQrOfPayload(payloadOf(detail), detail.hash));
    expectTextToHave(printed.text, [
      'DNI', '47111222', 'RAMIREZ LOPEZ, ANA SOFIA', 'Bolsa plástica (ICBPER)', 'Libro escolar',
      'Op. gravadas S/ 1.02', 'Op. exoneradas S/ 25.00', 'I.G.V. 18 % S/ 0.18', 'I.C.B.P.E.R. S/ 1.00', 'Importe total S/ 27.20',
      'SON VEINTISIETE CON 20/100 SOLES',
    ]);
  }
});

test('a boleta record from the lookup reprints as a copy: REIMPRESIÓN, its words and a QR without hash', async ({ harness }) => {
  const { page, core } = harness;
  const dispatch = core.dispatch.bind(core);
  const lookup = { kind: 'boleta' as const, ruc: '20100000009', series: 'B001', number: '120' };
  const record = await call<ReceiptRecord>(dispatch, 'lookupReceipt', lookup);
  const expectedQr = expectedQrOfRecord(record);
  for (const paper of ['80mm', 'A4'] as const) {
    const printed = await renderPrinted(page, harness.baseUrl, { source: { kind: 'record', lookup }, paper, copy: true }, `registro-${paper}`);
    expect(printed.qr).toBe(expectedQr);
    expect(printed.qr?.endsWith('||')).toBe(true);
    expectTextToHave(printed.text, [
      'REIMPRESIÓN', record.razonSocial, 'R.U.C. 20100000009', 'BOLETA DE VENTA ELECTRÓNICA', 'B001-00000120', record.fechaEmision,
      record.nombreCliente, record.numeroDocumentoCliente, ...record.detalleComprobanteBean.map((l) => l.descripcion),
      'Importe total S/ 118.00', 'SON CIENTO DIECIOCHO CON 00/100 SOLES', 'Representación impresa de la BOLETA DE VENTA ELECTRÓNICA',
    ]);
    expect(printed.text).not.toContain('Resumen:');
    expect(printed.text).not.toContain('Copia n.º');
  }
});

test('the print route says why it cannot print (bad job, unknown document) instead of never getting ready', async ({ harness }) => {
  const { page } = harness;
  const errorOf = async (hash: string) => {
    await page.goto('about:blank');
    await page.goto(`${harness.baseUrl}/index.html${hash}`);
    await page.waitForFunction(() => Boolean(document.documentElement.dataset.printError));
    expect(await page.evaluate(() => document.documentElement.dataset.printReady)).toBeUndefined();
    return page.evaluate(() => document.documentElement.dataset.printError);
  };
  expect(await errorOf('#/print?job=%7Broto')).toBe('El trabajo de impresión no se puede leer.');
  await expect(page.getByRole('alert')).toHaveText('No se pudo preparar la impresión: El trabajo de impresión no se puede leer.');
  const missing = await errorOf(`#/print?job=${encodeURIComponent(JSON.stringify({ source: { kind: 'document', id: 99 }, paper: '80mm', copy: false }))}`);
  expect(missing).toMatch(/no existe|no se encontró|no encontrado/i);
});
