// The shift's X and Z, and the sales report, through the same raw ESC/POS path as the tickets, read back
// from the fake network printer with our own decoder.
import { afterEach, describe, expect, it } from 'vitest';
import type { Session, User } from '../../../shared/bridge';
import type { CashReport, CashSession } from '../../../shared/cash';
import { decodeEscPos, flatText } from '../../support/escpos-decoder';
import { startFakePrinter, type FakePrinter } from '../../support/fake-printer';
import { anonymousBoleta, useRigs, type Rig } from '../core/harness';

const rig = useRigs();
let printers: FakePrinter[] = [];
afterEach(async () => {
  await Promise.all(printers.map((p) => p.close()));
  printers = [];
});

/** A till with an administrator and a cashier signed in, its ticket printer the fake one, and a session open. */
async function shift(): Promise<{ r: Rig; printer: FakePrinter; session: CashSession; supervisor: User }> {
  const printer = await startFakePrinter();
  printers.push(printer);
  const r = await rig();
  await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
  await r.call('saveTicketPrinter', { transport: 'tcp', host: printer.host, port: printer.port, width: '80mm', drawerPulse: true });
  const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  const supervisor = await r.call<User>('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  await r.call('lock');
  await r.call('login', { userId: cajero.id, pin: '1234' });
  const session = await r.call<CashSession>('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '100' });
  // 11.80 each: cash with change, and a card.
  await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
  await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'debito', amount: '11.80', reference: '8841' }] }));
  return { r, printer, session, supervisor };
}

describe('the X and the Z in raw ESC/POS', () => {
  it('prints the X of the open session with its sales, methods and the cash expected', async () => {
    const { r, printer, session } = await shift();
    expect(await r.call('printDocument', { source: { kind: 'cashReport', sessionId: session.id }, action: 'print' })).toEqual({ done: true });
    const job = decodeEscPos((await printer.nextJob()).bytes);
    const text = flatText(job);

    expect(job.lines[0]?.trim()).toBe('Bodega Demo');
    expect(job.styled[0]).toMatchObject({ bold: true, tall: true });
    expect(text).toContain('REPORTE X (CAJA ABIERTA)');
    expect(job.lines.map((l) => l.trim())).toContain(`N° ${session.id}`);
    expect(text).toContain('Caja: B001');
    expect(text).toMatch(/Apertura: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Luis Cajero/);
    expect(job.lines).toContainEqual(expect.stringMatching(/^Boletas \(2\) +S\/ 23\.60$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^Total \(2\) +S\/ 23\.60$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^Efectivo \(1\) +S\/ 11\.80$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^Tarjeta de débito \(1\) +S\/ 11\.80$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^Op\. gravadas +S\/ 20\.00$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^IGV +S\/ 3\.60$/));
    expect(job.lines).toContain('B001: 00000001 - 00000002 (2)');
    expect(job.lines).toContainEqual(expect.stringMatching(/^Fondo inicial +S\/ 100\.00$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^Efectivo esperado +S\/ 111\.80$/));
    expect(text).toContain('2 comprobante(s) del turno aún por enviar a SUNAT.');
    expect(text).not.toContain('Firma del cajero');
    expect(job.qr).toEqual([]);
    expect(job.pulses).toEqual([]);
    expect(job.cuts).toBe(1);
    expect(Math.max(...job.lines.map((l) => l.length))).toBeLessThanOrEqual(48);
  });

  it('prints the Z with the count, the faltante as a positive amount and the signature line; and a sales report', async () => {
    const { r, printer, session, supervisor } = await shift();
    const z = await r.call<CashReport>('closeCashSession', {
      clientKey: crypto.randomUUID(),
      denominations: { '100': 1, '10': 1, '1': 1, '0.50': 1, '0.20': 1 },
      approval: { userId: supervisor.id, pin: '567890' },
    });
    expect(z.cash.difference).toBe('-0.10');
    await r.call('printDocument', { source: { kind: 'cashReport', sessionId: session.id }, action: 'print' });
    const job = decodeEscPos((await printer.nextJob()).bytes);
    const text = flatText(job);
    if (process.env.SHOW_TICKET) console.log(job.lines.map((l) => `|${l.padEnd(48)}|`).join('\n'));

    expect(text).toContain('CIERRE DE CAJA (Z)');
    expect(text).toMatch(/Cierre: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Luis Cajero/);
    expect(job.lines).toContainEqual(expect.stringMatching(/^Efectivo contado +S\/ 111\.70$/));
    expect(job.lines).toContainEqual(expect.stringMatching(/^Faltante +S\/ 0\.10$/));
    expect(text).not.toContain('-0.10');
    expect(text).toContain('Conteo por denominación');
    expect(job.lines).toContainEqual(expect.stringMatching(/^1 x S\/ 100(\.00)? +S\/ 100\.00$/));
    expect(text).toContain('Firma del cajero: ______________________');
    expect(job.cuts).toBe(1);

    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    await r.call('printDocument', { source: { kind: 'salesReport', from: today, to: today }, action: 'print' });
    const sales = decodeEscPos((await printer.nextJob()).bytes);
    expect(flatText(sales)).toContain('REPORTE DE VENTAS');
    expect(sales.lines).toContainEqual(expect.stringMatching(/^Total \(2\) +S\/ 23\.60$/));
    expect(flatText(sales)).toContain('Por caja');
  });
});
