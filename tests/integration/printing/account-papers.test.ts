// A collection's constancia de pago and a customer's statement through the raw ESC/POS path, as the X and the Z go,
// read back from the fake network printer with our own decoder; the X lists the collection apart from sales.
import { afterEach, describe, expect, it } from 'vitest';
import type { Collection, Session } from '../../../shared/bridge';
import type { CashSession } from '../../../shared/cash';
import { decodeEscPos, flatText } from '../../support/escpos-decoder';
import { startFakePrinter, type FakePrinter } from '../../support/fake-printer';
import { anonymousBoleta, line, useRigs } from '../core/harness';

const rig = useRigs();
let printers: FakePrinter[] = [];
afterEach(async () => {
  await Promise.all(printers.map((p) => p.close()));
  printers = [];
});

const VECINO = { docType: '1', docNumber: '45678912', name: 'JUAN PEREZ', address: '' };

describe('account papers in raw ESC/POS', () => {
  it('prints the constancia with the balance before and after, the statement, and the X with the collection apart', async () => {
    const printer = await startFakePrinter();
    printers.push(printer);
    const r = await rig();
    await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
    await r.call('saveTicketPrinter', { transport: 'tcp', host: printer.host, port: printer.port, width: '80mm', drawerPulse: false });
    const session = await r.call<CashSession>('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '100' });
    await r.call('issueSale', anonymousBoleta({ customer: VECINO, lines: [line({ quantity: '4' })], onAccount: true }));
    const paid = await r.call<Collection>('recordCollection', { clientKey: crypto.randomUUID(), customer: { docType: '1', docNumber: '45678912' }, amount: '10', method: 'efectivo' });

    expect(await r.call('printDocument', { source: { kind: 'collection', id: paid.id }, action: 'print' })).toEqual({ done: true });
    const constancia = decodeEscPos((await printer.nextJob()).bytes);
    const text = flatText(constancia);
    expect(text).toContain('CONSTANCIA DE PAGO');
    expect(text).toContain('Cliente: JUAN PEREZ · DNI 45678912');
    expect(constancia.lines).toContainEqual(expect.stringMatching(/^B001-00000001 cuota 1 \(quedan 13\.60\) +S\/ 10\.00$/));
    expect(constancia.lines).toContainEqual(expect.stringMatching(/^Saldo anterior +S\/ 23\.60$/));
    expect(constancia.lines).toContainEqual(expect.stringMatching(/^Saldo actual +S\/ 13\.60$/));
    expect(text).toContain('no es un comprobante de pago electrónico');

    expect(await r.call('printDocument', { source: { kind: 'accountStatement', customer: { docType: '1', docNumber: '45678912' } }, action: 'print' })).toEqual({ done: true });
    const statement = flatText(decodeEscPos((await printer.nextJob()).bytes));
    expect(statement).toContain('ESTADO DE CUENTA');
    expect(statement).toContain('Venta al crédito B001-00000001');
    expect(statement).toMatch(/Saldo +S\/ 13\.60/);

    expect(await r.call('printDocument', { source: { kind: 'cashReport', sessionId: session.id }, action: 'print' })).toEqual({ done: true });
    const x = decodeEscPos((await printer.nextJob()).bytes);
    expect(flatText(x)).toContain('Cobranzas de créditos');
    expect(x.lines).toContainEqual(expect.stringMatching(/^\+ Cobranzas en efectivo +S\/ 10\.00$/));
    expect(x.lines).toContainEqual(expect.stringMatching(/^Efectivo esperado +S\/ 110\.00$/));
  });
});
