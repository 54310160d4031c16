// Discounts at the bridge. The invoice declares the net prices (no API field carries a discount), the
// document keeps list price and discount for the ticket, and a discount beyond the limit needs a supervisor's PIN.
import { describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentSummary, Session, SettingsView, User } from '../../../shared/bridge';
import type { CashReport } from '../../../shared/cash';
import { anonymousBoleta, line, useRigs } from './harness';

const rig = useRigs();

async function staffedRig() {
  const r = await rig();
  await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: '246810' });
  const cajero = await r.call<User>('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  const supervisor = await r.call<User>('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
  await r.call('lock');
  await r.call('login', { userId: cajero.id, pin: '1234' });
  return { r, supervisor };
}

type Payload = { detalle: { monto_Precio_Unitario: number; monto_Valor_Venta: number; igv: number }[]; monto_Imp_Venta: number; forma_pago: { monto: number }[] };

describe('discounts', () => {
  it('a line discount and a sale discount within the limit: net prices declared, exact totals, list prices kept', async () => {
    const { r } = await staffedRig();
    // 3 × 3.33 = 9.99 and 1 × 10.00; 5 % off the first line (0.50), then S/ 0.49 off the sale, spread 0.24 + 0.25.
    const sale = anonymousBoleta({
      lines: [line({ code: 'A', quantity: '3', unitPrice: '3.33' }), line({ code: 'B', quantity: '1', unitPrice: '10' })],
      lineDiscounts: [{ line: 0, discount: { kind: 'percent', value: '5' } }],
      saleDiscount: { kind: 'amount', value: '0.49' },
    });
    const doc = await r.call<DocumentSummary>('issueSale', sale);
    const detail = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    const payload = JSON.parse(detail.payload) as Payload;
    expect(payload.monto_Imp_Venta).toBe(19);
    expect(payload.forma_pago[0]?.monto).toBe(19);
    expect(detail.discountTotal).toBe('0.99');
    expect(detail.discountApprovedBy).toBeNull();
    expect(detail.discounts).toEqual([
      { position: 0, listPrice: '3.33', listTotal: '9.99', lineDiscount: '0.50', saleShare: '0.24' },
      { position: 1, listPrice: '10', listTotal: '10.00', lineDiscount: '0.00', saleShare: '0.25' },
    ]);
    // 9.99 − 0.50 − 0.24 = 9.25 over 3 units; 10.00 − 0.25 = 9.75.
    expect(payload.detalle.map((d) => d.monto_Precio_Unitario)).toEqual([3.0833333333, 9.75]);
    expect(payload.detalle.map((d) => Math.round((d.monto_Valor_Venta + d.igv) * 100) / 100)).toEqual([9.25, 9.75]);
    const x = await r.call<CashReport>('getCashReport', {});
    expect(x.discounts).toEqual([{ currency: 'PEN', count: 1, total: '0.99' }]);
  });

  it('beyond the limit (10 %) a cashier needs a supervisor\'s PIN; the approval is recorded; no number is spent on a refusal', async () => {
    const { r, supervisor } = await staffedRig();
    const sale = anonymousBoleta({ saleDiscount: { kind: 'percent', value: '15' } });
    expect(await r.raw('issueSale', sale)).toMatchObject({
      ok: false, error: { code: 'approval_required', message: 'Un descuento de 15.00 % (S/ 1.77) necesita la autorización de un supervisor: ingrese su PIN.' },
    });
    expect(await r.raw('issueSale', { ...sale, approval: { userId: supervisor.id, pin: '0000' } })).toMatchObject({ ok: false, error: { code: 'auth' } });
    const doc = await r.call<DocumentSummary>('issueSale', { ...sale, approval: { userId: supervisor.id, pin: '567890' } });
    expect(doc.number).toBe(1);
    const detail = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    expect(detail).toMatchObject({ discountTotal: '1.77', discountApprovedBy: 'Ana Supervisora' });
    expect((JSON.parse(detail.payload) as Payload).monto_Imp_Venta).toBe(10.03);
    // The limit is the owner's: at 20 % the same discount needs nobody.
    await r.call('lock');
    const admin = (await r.call<{ id: number; name: string }[]>('listCashiers')).find((u) => u.name === 'Rosa Dueña')!;
    await r.call('login', { userId: admin.id, pin: '246810' });
    const settings = await r.call<SettingsView>('getSettings');
    await r.call('saveSettings', { shift: { ...settings.shift, discountLimit: '20' } });
    expect((await r.raw('issueSale', sale)).ok).toBe(true);
  });

  it('a discount that would leave a line at zero is refused on that line, in Spanish', async () => {
    const { r } = await staffedRig();
    const res = await r.raw('issueSale', anonymousBoleta({ lineDiscounts: [{ line: 0, discount: { kind: 'amount', value: '11.80' } }] }));
    expect(res).toMatchObject({ ok: false, error: { code: 'validation', message: 'Revise los descuentos.', fields: [{ path: 'lines.0.discount', message: 'El descuento debe ser menor que el importe de la línea' }] } });
    expect(await r.raw('issueSale', anonymousBoleta({ saleDiscount: { kind: 'percent', value: '100' } }))).toMatchObject({
      ok: false, error: { fields: [{ path: 'saleDiscount.value', message: 'El descuento debe ser menor que 100 %' }] },
    });
  });
});
