// Documents printed as a POS prints, in raw ESC/POS, through the real core, to a fake network printer on
// 127.0.0.1; every job read back with our own decoder (tests/support/escpos-decoder.ts): its lines in the code
// page it selected, the QR the printer would draw, the cut and the drawer's pulse.
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentSummary, SettingsView } from '../../../shared/bridge';
import { ticketFromDocument, ticketFromRecord } from '../../../shared/printing/ticket-data';
import { SEED_RECORDS } from '../../../electron/sandbox';
import { decodeEscPos, flatText, type DecodedJob } from '../../support/escpos-decoder';
import { startFakePrinter, type FakePrinter } from '../../support/fake-printer';
import { anonymousBoleta, line, useRigs, type Rig } from '../core/harness';

const rig = useRigs();
let printers: FakePrinter[] = [];
afterEach(async () => {
  await Promise.all(printers.map((p) => p.close()));
  printers = [];
});

const BUYER = { docType: '6', docNumber: '20100066603', name: 'CORPORACIÓN PEÑA Y ÁLVAREZ S.A.C.', address: 'Av. Núñez 123, Lima' };

async function withPrinter(over: Record<string, unknown> = {}): Promise<{ r: Rig; printer: FakePrinter }> {
  const printer = await startFakePrinter();
  printers.push(printer);
  const r = await rig();
  await r.call('saveTicketPrinter', { transport: 'tcp', host: printer.host, port: printer.port, width: '80mm', codePage: 'cp850', drawerPulse: true, ...over });
  return { r, printer };
}

async function printed(r: Rig, printer: FakePrinter, request: Record<string, unknown>): Promise<{ job: DecodedJob; result: unknown }> {
  const result = await r.call('printDocument', { action: 'print', ...request });
  return { job: decodeEscPos((await printer.nextJob()).bytes), result };
}

/** The QR text the HTML ticket draws for the same document. */
async function htmlQr(r: Rig, id: number): Promise<string> {
  const detail = await r.call<DocumentDetail>('getDocument', { id });
  const settings = await r.call<SettingsView>('getSettings');
  return ticketFromDocument(detail, settings.company, { copy: false }).qr;
}

const widest = (job: DecodedJob) => Math.max(...job.lines.map((l) => l.length));

describe('raw ESC/POS tickets', () => {
  it('a cash boleta: text in cp850, the same QR as the HTML ticket, the drawer pulse first and a cut', async () => {
    const { r, printer } = await withPrinter();
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
    const { job, result } = await printed(r, printer, { source: { kind: 'document', id: doc.id } });

    if (process.env.SHOW_TICKET) console.log(job.lines.map((l) => `|${l.padEnd(48)}|`).join('\n'));
    expect(result).toEqual({ done: true });
    expect(job.initialized).toBe(true);
    expect(job.codePages).toContain(2); // ESC t 2: PC850
    expect(job.lines.map((l) => l.trim())).toContain('B001-00000001');
    const text = flatText(job);
    expect(text).toContain('BOLETA DE VENTA ELECTRÓNICA');
    expect(text).toContain('Fecha de emisión:');
    expect(text).toContain('Cliente: CLIENTES VARIOS');
    expect(text).toContain('Arroz extra 1 kg');
    expect(job.lines).toContainEqual(expect.stringMatching(/^ {2}2 UNIDAD x 5\.90 +11\.80$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^Importe total S\/ +11\.80$/));
    expect(job.styled.find((l) => l.text.startsWith('Importe total'))?.bold).toBe(true);
    expect(job.lines).toContainEqual(expect.stringMatching(/^Efectivo: S\/ +20\.00$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^Vuelto: S\/ +8\.20$/));
    expect(text).toContain('Representación impresa de la BOLETA DE VENTA ELECTRÓNICA');
    expect(widest(job)).toBeLessThanOrEqual(48);
    // Amounts end on the paper's right edge.
    expect(job.lines.find((l) => l.startsWith('Importe total'))).toHaveLength(48);

    expect(job.qr).toEqual([await htmlQr(r, doc.id)]);
    expect(job.qr[0]).toMatch(/^20987654326\|03\|B001\|1\|1\.80\|11\.80\|\d{4}-\d{2}-\d{2}\|0\|0+\|\|$/);
    expect(job.pulses).toEqual([{ pin: 2, onMs: 50, offMs: 500 }]);
    expect(job.events[0]).toMatchObject({ kind: 'pulse' });
    expect(job.cuts).toBe(1);
    expect(job.events.filter((e) => e.kind !== 'text').at(-1)).toMatchObject({ kind: 'cut' });

    // Printing the original again does not open the drawer again.
    const again = await printed(r, printer, { source: { kind: 'document', id: doc.id } });
    expect(again.job.pulses).toEqual([]);
  });

  it('opens the drawer once: in the ticket\'s job, never also by the separate pulse after the sale', async () => {
    const drawer = await startFakePrinter();
    printers.push(drawer);
    const { r, printer } = await withPrinter();
    const settings = await r.call<SettingsView>('getSettings');
    await r.call('saveSettings', { shift: { ...settings.shift, requireSession: false, drawer: { mode: 'network', host: drawer.host, port: drawer.port } } });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
    const { job } = await printed(r, printer, { source: { kind: 'document', id: doc.id } });
    expect(job.pulses).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drawer.jobs).toEqual([]);

    // Without the pulse in the ticket, the separate pulse opens it as before.
    await r.call('saveTicketPrinter', { transport: 'tcp', host: printer.host, port: printer.port, drawerPulse: false });
    await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
    expect((await drawer.nextJob()).bytes.toString('hex')).toBe('1b700019fa');

    // Nor when tickets are not printed on issuing: the drawer opens at the sale, and the ticket printed later carries
    // no second pulse.
    await r.call('saveTicketPrinter', { transport: 'tcp', host: printer.host, port: printer.port, drawerPulse: true });
    await r.call('saveSettings', { sale: { allowPriceChange: false, printOnIssue: false } });
    const later = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
    expect((await drawer.nextJob()).bytes.toString('hex')).toBe('1b700019fa');
    expect((await printed(r, printer, { source: { kind: 'document', id: later.id } })).job.pulses).toEqual([]);
  });

  it('a factura on 58 mm: 32 columns, the buyer with ñ and accents, a card payment without a pulse', async () => {
    const { r, printer } = await withPrinter({ width: '58mm' });
    const doc = await r.call<DocumentSummary>('issueSale', {
      ...anonymousBoleta({ docType: '01', customer: BUYER, tenders: [{ method: 'debito', amount: '29.30', reference: '4411' }] }),
      lines: [line(), line({ code: 'P002', description: 'Azúcar rubia 1 kg', quantity: '3', unitPrice: '2.50' }), line({ code: 'P003', description: 'Aceite vegetal botella 1 litro', quantity: '1', unitPrice: '10.00' })],
    });
    const { job } = await printed(r, printer, { source: { kind: 'document', id: doc.id } });
    const text = flatText(job);

    expect(widest(job)).toBeLessThanOrEqual(32);
    expect(job.lines.map((l) => l.trim())).toContain('F001-00000001');
    expect(text).toContain('FACTURA ELECTRÓNICA');
    expect(text).toContain('RUC: 20100066603');
    expect(text).toContain('Razón social: CORPORACIÓN PEÑA Y ÁLVAREZ S.A.C.');
    expect(text).toContain('Dirección: Av. Núñez 123, Lima');
    expect(text).toContain('Azúcar rubia 1 kg');
    expect(job.lines).toContainEqual(expect.stringMatching(/^ {2}3 UNIDAD x 2\.50 +7\.50$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^Op\. gravadas S\/ +24\.83$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^I\.G\.V\. 18 % S\/ +4\.47$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^Importe total S\/ +29\.30$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^Tarjeta de débito: S\/ +29\.30$/));
    expect(text).toContain('Op. 4411');
    expect(job.qr).toEqual([await htmlQr(r, doc.id)]);
    expect(job.qr[0]).toContain('|01|F001|1|');
    expect(job.qr[0]).toContain('|6|20100066603|');
    expect(job.pulses).toEqual([]);
    expect(job.cuts).toBe(1);
  });

  it('a credit sale: forma de pago Crédito, the cuotas with their due dates, no pulse', async () => {
    const { r, printer } = await withPrinter();
    const doc = await r.call<DocumentSummary>('issueSale', {
      ...anonymousBoleta({ docType: '01', customer: BUYER }),
      payment: { method: 'CREDITO', installments: [{ amount: '5.00', dueDate: '2099-01-31' }, { amount: '6.80', dueDate: '2099-02-28' }] },
    });
    const { job } = await printed(r, printer, { source: { kind: 'document', id: doc.id } });
    const text = flatText(job);

    expect(text).toContain('Forma de pago: Crédito');
    expect(job.lines).toContainEqual(expect.stringMatching(/^Monto neto pendiente de pago: S\/ +11\.80$/));
    expect(job.lines).toContain('Cuotas');
    expect(job.lines).toContainEqual(expect.stringMatching(/^001 +5\.00 +31\/01\/2099$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^002 +6\.80 +28\/02\/2099$/));
    expect(job.pulses).toEqual([]);
    expect(job.qr).toEqual([await htmlQr(r, doc.id)]);
  });

  it('a reprint: REIMPRESIÓN with its copy number, counted, never a pulse', async () => {
    const { r, printer } = await withPrinter();
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '11.80' }] }));
    const { job, result } = await printed(r, printer, { source: { kind: 'document', id: doc.id }, copy: true });

    expect(result).toEqual({ done: true, reprints: 1 });
    expect(job.lines).toContainEqual(expect.stringMatching(/^ +REIMPRESIÓN$/));
    expect(job.styled.find((l) => l.text.trim() === 'REIMPRESIÓN')).toMatchObject({ bold: true, tall: true });
    expect(job.lines).toContainEqual(expect.stringMatching(/^ +Copia n\.º 1$/));
    expect(job.pulses).toEqual([]);
    expect(job.qr).toEqual([await htmlQr(r, doc.id)]);

    const second = await printed(r, printer, { source: { kind: 'document', id: doc.id }, copy: true });
    expect(second.result).toEqual({ done: true, reprints: 2 });
    expect(flatText(second.job)).toContain('Copia n.º 2');
  });

  it('a credit note: the document it modifies and the reason, the QR of the note, no pulse for the refund', async () => {
    const { r, printer } = await withPrinter();
    const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '11.80' }] }));
    await r.core.outbox.drain();
    const note = await r.call<DocumentSummary>('issueNote', {
      clientKey: crypto.randomUUID(),
      of: sale.id, type: '07', reason: '07', description: 'Devolución de arroz', lines: [{ line: 1, quantity: '1' }], refund: [{ method: 'efectivo', amount: '5.90' }],
    });
    const { job } = await printed(r, printer, { source: { kind: 'document', id: note.id } });
    const text = flatText(job);

    expect(text).toContain('NOTA DE CRÉDITO ELECTRÓNICA');
    expect(job.lines.map((l) => l.trim())).toContain('BC01-00000001');
    expect(text).toContain('Documento que modifica: BOLETA DE VENTA B001-00000001 del');
    expect(text).toContain('Motivo: 07 Devolución por ítem: Devolución de arroz');
    expect(job.lines).toContainEqual(expect.stringMatching(/^Importe total S\/ +5\.90$/));
    expect(job.qr).toEqual([await htmlQr(r, note.id)]);
    expect(job.qr[0]).toContain('|07|BC01|1|');
    expect(job.pulses).toEqual([]);
  });

  it('a record found through the lookups reprints raw, as a copy with the record\'s QR (not counted)', async () => {
    const { r, printer } = await withPrinter();
    const rec = SEED_RECORDS.find((x) => x.tipoComprobante === '03')!;
    const lookup = { kind: 'boleta', ruc: rec.numeroRuc, series: rec.serieComprobante, number: String(rec.numeroComprobante) };
    const { job, result } = await printed(r, printer, { source: { kind: 'record', lookup }, copy: true });
    expect(result).toEqual({ done: true });
    const text = flatText(job);
    expect(text).toContain('REIMPRESIÓN');
    expect(job.lines.map((l) => l.trim())).toContain(`${rec.serieComprobante}-${String(rec.numeroComprobante).padStart(8, '0')}`);
    expect(job.qr).toEqual([ticketFromRecord(rec).qr]);
    expect(job.pulses).toEqual([]);
  });

  it('three tickets asked at once arrive as three whole jobs', async () => {
    const { r, printer } = await withPrinter({ drawerPulse: false });
    const docs = [];
    for (let i = 0; i < 3; i++) docs.push(await r.call<DocumentSummary>('issueSale', anonymousBoleta()));
    await Promise.all(docs.map((d) => r.call('printDocument', { source: { kind: 'document', id: d.id }, action: 'print' })));
    const jobs = await Promise.all(docs.map(() => printer.nextJob()));
    const numbers = jobs.map((j) => decodeEscPos(j.bytes).lines.map((l) => l.trim()).find((l) => /^B001-/.test(l)));
    expect(numbers.sort()).toEqual(['B001-00000001', 'B001-00000002', 'B001-00000003']);
    expect(jobs.map((j) => decodeEscPos(j.bytes).cuts)).toEqual([1, 1, 1]);
  });

  it('reads the same in cp858 and Windows-1252 (the code page the printer is set to)', async () => {
    for (const [codePage, table] of [['cp858', 19], ['windows1252', 16]] as const) {
      const { r, printer } = await withPrinter({ codePage });
      const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ docType: '01', customer: BUYER }));
      const { job } = await printed(r, printer, { source: { kind: 'document', id: doc.id } });
      expect(job.codePages).toContain(table);
      expect(flatText(job)).toContain('Razón social: CORPORACIÓN PEÑA Y ÁLVAREZ S.A.C.');
    }
  });

  it('prints the logo as a raster image, A4 still goes to the driver, and the test page', async () => {
    const printer = await startFakePrinter();
    printers.push(printer);
    const driverJobs: unknown[] = [];
    const r = await rig({ core: { printer: { print: async (job) => (driverJobs.push(job), { done: true }) } } });
    // A 16 × 8 logo, all black.
    const logo = { width: 16, height: 8, bits: Buffer.alloc(16, 0xff).toString('base64') };
    await r.call('saveTicketPrinter', { transport: 'tcp', host: printer.host, port: printer.port, logo });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());

    const { job } = await printed(r, printer, { source: { kind: 'document', id: doc.id } });
    expect(job.images).toEqual([{ width: 16, height: 8 }]);
    expect(job.events[0]).toMatchObject({ kind: 'image' });

    expect(await r.call('printDocument', { source: { kind: 'document', id: doc.id }, action: 'print', paper: 'A4' })).toEqual({ done: true });
    expect(await r.call('printDocument', { source: { kind: 'document', id: doc.id }, action: 'pdf' })).toEqual({ done: true });
    expect(driverJobs).toMatchObject([{ paper: 'A4', action: 'print' }, { action: 'pdf' }]);

    const test = await r.call<{ ok: boolean; message: string }>('testTicketPrinter', {});
    expect(test).toMatchObject({ ok: true, message: `Prueba enviada a 127.0.0.1:${printer.port}.` });
    const page = decodeEscPos((await printer.nextJob()).bytes);
    expect(flatText(page)).toContain('Acentos: á é í ó ú Á É Í Ó Ú ü Ü ñ Ñ ¿? ¡! º ª');
    expect(page.qr).toEqual(['CAJA|PRUEBA|ESC/POS|']);
    expect(page.cuts).toBe(1);
  });

  it('says in Spanish when the printer does not answer, and falls back to the driver when one is chosen', async () => {
    const gone = await startFakePrinter();
    await gone.close();
    const r = await rig();
    await r.call('saveTicketPrinter', { transport: 'tcp', host: '127.0.0.1', port: gone.port });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(await r.raw('printDocument', { source: { kind: 'document', id: doc.id }, action: 'print' })).toEqual({
      ok: false,
      error: { code: 'print_failed', message: `No se pudo imprimir: la impresora 127.0.0.1:${gone.port} rechazó la conexión (¿es el puerto 9100 y está encendida?). El comprobante B001-00000001 ya está emitido y guardado: reimprímalo cuando la impresora esté lista.` },
    });
    expect(await r.call('testTicketPrinter', {})).toMatchObject({ ok: false, message: expect.stringContaining('rechazó la conexión') });

    const driverJobs: unknown[] = [];
    const withDriver = await rig({ core: { printer: { print: async (job) => (driverJobs.push(job), { done: true }) } } });
    await withDriver.call('saveSettings', { printer: { deviceName: 'EPSON TM-T20', paper: '80mm' } });
    await withDriver.call('saveTicketPrinter', { transport: 'tcp', host: '127.0.0.1', port: gone.port });
    const other = await withDriver.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(await withDriver.call('printDocument', { source: { kind: 'document', id: other.id }, action: 'print' })).toEqual({ done: true });
    expect(driverJobs).toMatchObject([{ deviceName: 'EPSON TM-T20', paper: '80mm' }]);
  });

  it('refuses ticket printer settings it cannot use, in Spanish', async () => {
    const r = await rig();
    expect(await r.raw('saveTicketPrinter', { transport: 'tcp', host: 'no es una ip' })).toMatchObject({
      ok: false, error: { code: 'validation', fields: [{ path: 'host', message: 'Ingrese la IP o el nombre de la impresora (ej. 192.168.1.50)' }] },
    });
    expect(await r.raw('saveTicketPrinter', { transport: 'device', device: '/etc/passwd' })).toMatchObject({ ok: false, error: { fields: [{ path: 'device' }] } });
    expect(await r.raw('saveTicketPrinter', { transport: 'cups', queue: 'TM"; rm -rf' })).toMatchObject({ ok: false, error: { fields: [{ path: 'queue' }] } });
    expect(await r.call('getTicketPrinter')).toMatchObject({ transport: 'driver', width: '80mm', codePage: 'cp850', drawerPulse: false, logo: null });
  });
});
