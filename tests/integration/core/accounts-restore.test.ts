// A restore never loses what a customer owes or paid: credit sales, collections and a credit note made after the copy
// come along with their dues and how each was applied, and every figure of the account (balance, what is in favour,
// each cuota's open amount, each entry's running balance) is the live one, to the cent. A restore over a lost
// database (nothing left to carry) gives back the copy's accounts as they were.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRestore } from '../../../electron/core/backup';
import { defaultMigrationsDir } from '../../../electron/core/db';
import type { Sandbox } from '../../../electron/sandbox';
import type { BackupInfo, CustomerAccount, DocumentSummary, Session } from '../../../shared/bridge';
import { limaDate } from '../../../shared/catalog';
import { anonymousBoleta, line, until, type Rig, useScratch } from './harness';

const migrationsDir = defaultMigrationsDir();
const scratch = useScratch('caja-accounts-restore-');
const RUC_BUYER = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Lima 123' };
const VECINO = { docType: '1', docNumber: '45678912', name: 'JUAN PEREZ', address: '' };
const ruc = { docType: '6', docNumber: '20100066603' };
const dni = { docType: '1', docNumber: '45678912' };
const PIN = '246810';
const inDays = (n: number) => limaDate(new Date(Date.now() + n * 86_400_000));

const till = (shared: Sandbox, dataDir: string) => scratch.till(shared, dataDir);

const settled = (rig: Rig) =>
  until(rig, () => rig.core.db.sqlite.prepare("SELECT COUNT(*) FROM documents WHERE status <> 'accepted'").pluck().get() === 0, 400);
const collect = (r: Rig, customer: typeof ruc, amount: string, document?: { series: string; number: number }) =>
  r.call('recordCollection', { clientKey: randomUUID(), customer, amount, method: 'efectivo', ...(document ? { document } : {}) });
const accounts = async (r: Rig) => ({
  ruc: await r.call<CustomerAccount>('getCustomerAccount', { customer: ruc }),
  dni: await r.call<CustomerAccount>('getCustomerAccount', { customer: dni }),
});

/** Before the copy: a factura al crédito of 118.00 (50 + 68) and 30.00 collected on it. After it: the rest. */
async function liveAfterCopy(s: Sandbox): Promise<{ dataDir: string; copy: BackupInfo; adminId: number; atCopy: Awaited<ReturnType<typeof accounts>>; live: Awaited<ReturnType<typeof accounts>> }> {
  const dataDir = scratch.folder();
  const r = await till(s, dataDir);
  const session = await r.call<Session>('createFirstAdmin', { name: 'Rosa Dueña', pin: PIN });
  await r.call('openCashSession', { clientKey: randomUUID(), openingFloat: '50' });
  const factura = await r.call<DocumentSummary>('issueSale', {
    ...anonymousBoleta({ docType: '01', customer: RUC_BUYER, lines: [line({ quantity: '10', unitPrice: '11.80' })] }),
    payment: { method: 'CREDITO', installments: [{ amount: '50.00', dueDate: inDays(7) }, { amount: '68.00', dueDate: inDays(37) }] },
  });
  await settled(r);
  await collect(r, ruc, '30.00');
  await r.call('setCreditLimit', { clientKey: randomUUID(), customer: dni, limit: '100' });
  const copy = await r.call<BackupInfo>('backupNow');
  const atCopy = await accounts(r);

  // After the copy: a boleta on account for the neighbour, 60.00 on the factura (20 to cuota 1, 40 to cuota 2), a
  // credit note returning 2 of its 10 (23.60 off what is open), and the neighbour overpaying by 6.40.
  await r.call('issueSale', anonymousBoleta({ customer: VECINO, lines: [line({ quantity: '4' })], onAccount: true }));
  await settled(r);
  await collect(r, ruc, '60.00', { series: factura.series, number: factura.number });
  await r.call('issueNote', { clientKey: randomUUID(), of: factura.id, type: '07', reason: '07', description: 'Devuelve 2', lines: [{ line: 1, quantity: '2' }] });
  await settled(r);
  await collect(r, dni, '30.00');
  const live = await accounts(r);
  await r.dispose();
  return { dataDir, copy, adminId: session.user!.id, atCopy, live };
}

async function reopened(s: Sandbox, dataDir: string, adminId: number): Promise<Rig> {
  const r = await till(s, dataDir);
  await r.call('login', { userId: adminId, pin: PIN });
  return r;
}

describe('customer accounts through a restore', () => {
  it('carries every entry made since the copy, with its dues and applications, and every figure adds up as it did live', async () => {
    const s = await scratch.sandbox();
    const { dataDir, copy, adminId, live } = await liveAfterCopy(s);
    // What this test is about: the neighbour's account and most of the company's happened after the copy.
    expect(live.dni).toMatchObject({ balance: '-6.40', inFavour: '6.40', limit: '100.00' });
    expect(live.ruc.balance).toBe('4.40');
    expect(live.ruc.entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['charge', '118.00', '118.00'],
      ['collection', '-30.00', '88.00'],
      ['collection', '-60.00', '28.00'],
      ['note', '-23.60', '4.40'],
    ]);

    await applyRestore(copy.path, path.join(dataDir, 'caja.db'), { backupFolder: path.dirname(copy.path), migrationsDir });
    const r = await reopened(s, dataDir, adminId);
    expect(await accounts(r)).toEqual(live);
  });

  it('over a lost database gives back the accounts of the copy as they were', async () => {
    const s = await scratch.sandbox();
    const { dataDir, copy, adminId, atCopy } = await liveAfterCopy(s);
    fs.truncateSync(path.join(dataDir, 'caja.db'), 0);
    await applyRestore(copy.path, path.join(dataDir, 'caja.db'), { backupFolder: path.dirname(copy.path), migrationsDir });
    const r = await reopened(s, dataDir, adminId);
    expect(await accounts(r)).toEqual(atCopy);
  });
});
