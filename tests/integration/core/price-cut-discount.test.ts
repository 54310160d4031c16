// A lower price is a discount. A catalogue line typed below the catalogue's price counts against the same
// limit, needs the same supervisor, is recorded like any discount (list price, cut, approver) and shows in the X;
// a product marked "precio libre" keeps the price the cashier typed, with nothing recorded.
import { describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentSummary, Session, User } from '../../../shared/bridge';
import type { CashReport } from '../../../shared/cash';
import { anonymousBoleta, line, useRigs } from './harness';

const rig = useRigs();

async function staffedRig() {
  const r = await rig();
  await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
  const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  const supervisor = await r.call<User>('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  await r.call('saveProduct', { code: 'TV55', description: 'Televisor 55 pulgadas', unit: 'NIU', price: '2000', affectation: '10' });
  await r.call('saveProduct', { code: 'PAPA', description: 'Papa del día (kg)', unit: 'KGM', price: '4.50', affectation: '10', freePrice: true });
  await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
  await r.call('lock');
  await r.call('login', { userId: cajero.id, pin: '1234' });
  return { r, supervisor };
}

/** A boleta of 700 or more names its customer. */
const customer = { docType: '1', docNumber: '45678912', name: 'JUAN PEREZ', address: '' };

type Payload = { detalle: { monto_Precio_Unitario: number }[]; monto_Imp_Venta: number };

describe('a lower price is a discount', () => {
  it('S/ 200 typed on a S/ 2,000 catalogue item needs a supervisor, is recorded as a discount and shows in the X', async () => {
    const { r, supervisor } = await staffedRig();
    const sale = anonymousBoleta({ lines: [line({ code: 'TV55', description: 'Televisor 55 pulgadas', quantity: '1', unitPrice: '200' })] });
    expect(await r.raw('issueSale', sale)).toMatchObject({
      ok: false,
      error: { code: 'approval_required', message: 'Un descuento de 90.00 % (S/ 1800.00) necesita la autorización de un supervisor: ingrese su PIN.' },
    });
    const doc = await r.call<DocumentSummary>('issueSale', { ...sale, approval: { userId: supervisor.id, pin: '567890' } });
    expect(doc.number).toBe(1);
    const detail = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    expect(detail).toMatchObject({ discountTotal: '1800.00', discountApprovedBy: 'Ana Supervisora' });
    expect(detail.discounts).toEqual([{ position: 0, listPrice: '2000', listTotal: '2000.00', lineDiscount: '1800.00', saleShare: '0.00' }]);
    // Declared at the price typed: the customer pays 200.
    const payload = JSON.parse(detail.payload) as Payload;
    expect(payload.monto_Imp_Venta).toBe(200);
    expect(payload.detalle[0]?.monto_Precio_Unitario).toBe(200);
    const x = await r.call<CashReport>('getCashReport', {});
    expect(x.discounts).toEqual([{ currency: 'PEN', count: 1, total: '1800.00' }]);
  });

  it('a small price cut within the limit needs nobody but is still recorded; its own discount adds to the cut', async () => {
    const { r } = await staffedRig();
    // 2000 → 1950 is 2.5 %; then 1 % of its own on 1950 (19.50): 69.50 in all, 3.48 %.
    const sale = anonymousBoleta({
      customer,
      lines: [line({ code: 'TV55', description: 'Televisor 55 pulgadas', quantity: '1', unitPrice: '1950' })],
      lineDiscounts: [{ line: 0, discount: { kind: 'percent', value: '1' } }],
    });
    const doc = await r.call<DocumentSummary>('issueSale', sale);
    const detail = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    expect(detail).toMatchObject({ discountTotal: '69.50', discountApprovedBy: null });
    expect((JSON.parse(detail.payload) as Payload).monto_Imp_Venta).toBe(1930.5);
  });

  it('"precio libre" products and lines typed by hand keep the price typed, with no discount', async () => {
    const { r } = await staffedRig();
    const sale = anonymousBoleta({
      customer,
      lines: [
        line({ code: 'PAPA', description: 'Papa del día (kg)', unit: 'KGM', quantity: '2', unitPrice: '2.00' }),
        line({ code: 'MANUAL', description: 'Servicio', quantity: '1', unitPrice: '1' }),
        line({ code: 'TV55', description: 'Televisor 55 pulgadas', quantity: '1', unitPrice: '2100' }), // above: fine
      ],
    });
    const doc = await r.call<DocumentSummary>('issueSale', sale);
    const detail = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    expect(detail).toMatchObject({ discountTotal: null, discounts: [] });
    expect((JSON.parse(detail.payload) as Payload).monto_Imp_Venta).toBe(2105);
  });
});
