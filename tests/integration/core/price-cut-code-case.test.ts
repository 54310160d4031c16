// A catalogue product's code typed in another case or with spaces ("a001", " A001 ") names that product: a price
// typed below its catalogue price is a discount like any other (limit, supervisor, recorded, in the X), never a free
// price. And a new product cannot take a code that differs from another's only in case.
import { randomUUID } from 'node:crypto';
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
  await r.call('saveProduct', { code: 'TV55A', description: 'Televisor 55 pulgadas', unit: 'NIU', price: '2000', affectation: '10' });
  // Opened with an idempotency key where the bridge asks for one, without where it refuses unknown fields.
  const open = await r.raw('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
  if (!open.ok) await r.call('openCashSession', { openingFloat: '0', clientKey: randomUUID() });
  await r.call('lock');
  await r.call('login', { userId: cajero.id, pin: '1234' });
  return { r, supervisor };
}

describe('a product code typed in another case is that product', () => {
  it.each(['tv55a', ' Tv55A '])('%j at S/ 200 needs a supervisor and is recorded as a discount in the X', async (typed) => {
    const { r, supervisor } = await staffedRig();
    const sale = { ...anonymousBoleta({ lines: [line({ code: typed, description: 'Televisor', quantity: '1', unitPrice: '200' })] }), clientKey: randomUUID() };
    expect(await r.raw('issueSale', sale)).toMatchObject({
      ok: false,
      error: { code: 'approval_required', message: 'Un descuento de 90.00 % (S/ 1800.00) necesita la autorización de un supervisor: ingrese su PIN.' },
    });
    const doc = await r.call<DocumentSummary>('issueSale', { ...sale, approval: { userId: supervisor.id, pin: '567890' } });
    const detail = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    expect(detail).toMatchObject({ discountTotal: '1800.00', discountApprovedBy: 'Ana Supervisora' });
    const x = await r.call<CashReport>('getCashReport', {});
    expect(x.discounts).toEqual([{ currency: 'PEN', count: 1, total: '1800.00' }]);
  });

  it('the scan finds it, and a new product cannot take its code in another case', async () => {
    const { r } = await staffedRig();
    await r.call('lock');
    await r.call('login', { userId: 1, pin: '246810' });
    expect(await r.call('getProductByCode', { code: 'tv55a' })).toMatchObject({ code: 'TV55A', price: '2000' });
    expect(await r.raw('saveProduct', { code: 'tv55a', description: 'Otro', unit: 'NIU', price: '1', affectation: '10' })).toMatchObject({
      ok: false, error: { code: 'duplicate', message: 'Ya existe un producto con el código TV55A.' },
    });
    // Its own code in another case is a rename of the same product, not a clash.
    await r.call('saveProduct', { originalCode: 'TV55A', code: 'tv55a', description: 'Televisor 55 pulgadas', unit: 'NIU', price: '2000', affectation: '10' });
    expect(await r.call('getProductByCode', { code: 'TV55A' })).toMatchObject({ code: 'tv55a' });
  });
});
