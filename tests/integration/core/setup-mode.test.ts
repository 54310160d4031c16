// Going live: demo mode in its own database file, the first-run setup writing the real company into the
// real file, and numbering, history and backups of the real till untouched by demo sales.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../electron/core/app';
import { openDatabase } from '../../../electron/core/db';
import { DEMO_DB, REAL_DB, databaseFileOf, readMode, resolveStartMode, writeMode } from '../../../electron/core/mode/mode-file';
import { memorySecretStore, type SecretStore } from '../../../electron/core/services/secrets';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import type { AppStatus, DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta } from './harness';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-mode-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A core the way the shell starts one: the mode from modo.json picks the file. */
function shellCore(dataDir: string, sandbox: Sandbox, secrets: SecretStore, restart = vi.fn()): { core: Core; restart: typeof restart } {
  const mode = resolveStartMode(dataDir);
  const core = createCore({
    dataDir, dbPath: databaseFileOf(dataDir, mode), mode, restart, secrets, fetch: globalThis.fetch, dailyBackups: false,
    demoEndpoint: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token },
    outbox: { retry: { baseMs: 1, maxMs: 5, random: () => 0 }, pollMs: 50 },
  });
  cleanups.push(async () => {
    await core.stop();
    core.close();
  });
  return { core, restart };
}

async function call<T>(core: Core, method: string, input: unknown = {}): Promise<T> {
  const res = await core.dispatch(method, input);
  if (!res.ok) throw new Error(`${method}: ${JSON.stringify(res.error)}`);
  return res.value as T;
}

const realSetup = (sandbox: Sandbox) => ({
  mode: 'real',
  company: { ruc: '20100066603', name: 'BODEGA ROSITA S.A.C.', tradeName: 'Bodega Rosita', address: 'Av. Sol 100, Lima', igvRegime: 'general' },
  series: { boleta: 'B001', factura: 'F001' },
  api: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, provider: 'document' },
  printer: { deviceName: '', paper: '80mm' },
});

describe('which database a start opens', () => {
  it('a first run is "setup" (the wizard); an install from before keeps its data in the right file', () => {
    expect(resolveStartMode(tempDataDir())).toBe('setup');

    const wasDemo = tempDataDir();
    openDatabase({ path: path.join(wasDemo, REAL_DB) }).close(); // no 'demo' setting: it never left demo mode
    expect(resolveStartMode(wasDemo)).toBe('demo');
    expect(fs.existsSync(path.join(wasDemo, DEMO_DB))).toBe(true);
    expect(fs.existsSync(path.join(wasDemo, REAL_DB))).toBe(false);
    expect(readMode(wasDemo)).toBe('demo');

    const wasReal = tempDataDir();
    const db = openDatabase({ path: path.join(wasReal, REAL_DB) });
    db.sqlite.prepare("INSERT INTO settings (key, value) VALUES ('demo', 'false')").run();
    db.close();
    expect(resolveStartMode(wasReal)).toBe('real');
    expect(fs.existsSync(path.join(wasReal, REAL_DB))).toBe(true);
  });
});

describe('going live from demo', () => {
  it('a demo sale never changes the real series or database; the setup writes the real company; numbering starts at 1', async () => {
    const sandbox = await startSandbox({ port: 0 });
    cleanups.push(() => sandbox.close());
    const dataDir = tempDataDir();
    const secrets = memorySecretStore();
    const first = shellCore(dataDir, sandbox, secrets);
    expect((await call<AppStatus>(first.core, 'getStatus')).setupRequired).toBe(true);

    // "Probar en modo demo" is one choice of the wizard: modo.json says demo, Caja restarts on the demo file.
    expect(await call(first.core, 'completeSetup', { mode: 'demo' })).toEqual({ restarting: true });
    expect(first.restart).toHaveBeenCalledTimes(1);
    await first.core.stop();
    first.core.close();
    cleanups.pop();

    const demo = shellCore(dataDir, sandbox, secrets);
    expect((await call<AppStatus>(demo.core, 'getStatus')).demo).toBe(true);
    for (let i = 0; i < 2; i++) await call<DocumentSummary>(demo.core, 'issueSale', anonymousBoleta());
    expect(fs.existsSync(path.join(dataDir, REAL_DB))).toBe(false);

    // Going live: refused while something is missing, saying what.
    const noToken = await demo.core.dispatch('completeSetup', realSetup(sandbox));
    expect(noToken).toMatchObject({ ok: false, error: { message: expect.stringMatching(/token/) } });
    await call(demo.core, 'setToken', { token: sandbox.token });
    const demoCompany = await demo.core.dispatch('completeSetup', { ...realSetup(sandbox), company: { ...realSetup(sandbox).company, ruc: '20987654326' } });
    expect(demoCompany).toMatchObject({ ok: false, error: { message: expect.stringMatching(/el RUC de su empresa/) } });
    const badRuc = await demo.core.dispatch('completeSetup', { ...realSetup(sandbox), company: { ...realSetup(sandbox).company, ruc: '20100066604' } });
    expect(badRuc).toMatchObject({ ok: false, error: { fields: [{ path: 'company.ruc' }] } });
    expect(await call(demo.core, 'completeSetup', realSetup(sandbox))).toEqual({ restarting: true });
    expect(readMode(dataDir)).toBe('real');
    await demo.core.stop();
    demo.core.close();
    cleanups.pop();

    const real = shellCore(dataDir, sandbox, secrets);
    const status = await call<AppStatus>(real.core, 'getStatus');
    expect(status).toMatchObject({ demo: false, setupRequired: false, pending: 0 });
    const list = await call<{ rows: unknown[] }>(real.core, 'listDocuments', {});
    expect(list.rows).toEqual([]); // no demo history in the real store
    const sale = await call<DocumentSummary>(real.core, 'issueSale', anonymousBoleta());
    expect(`${sale.series}-${sale.number}`).toBe('B001-1'); // demo sales spent no real number
    const payload = JSON.parse(real.core.db.sqlite.prepare('SELECT payload FROM documents').pluck().get() as string) as { empresa_Ruc: string };
    expect(payload.empresa_Ruc).toBe('20100066603');

    // Back to demo from Ajustes switches files again; the demo file kept its own two sales.
    expect(await call(real.core, 'saveSettings', { demo: true })).toMatchObject({});
    expect(readMode(dataDir)).toBe('demo');
    const demoDb = openDatabase({ path: path.join(dataDir, DEMO_DB) });
    expect(demoDb.sqlite.prepare('SELECT COUNT(*) FROM documents').pluck().get()).toBe(2);
    demoDb.close();
  });

  it('switching to real from Ajustes is refused until the setup was completed', async () => {
    const sandbox = await startSandbox({ port: 0 });
    cleanups.push(() => sandbox.close());
    const dataDir = tempDataDir();
    writeMode(dataDir, 'demo');
    const { core, restart } = shellCore(dataDir, sandbox, memorySecretStore());
    const res = await core.dispatch('saveSettings', { demo: false });
    expect(res).toMatchObject({ ok: false, error: { message: expect.stringMatching(/Empezar a vender/) } });
    expect(restart).not.toHaveBeenCalled();
    expect(readMode(dataDir)).toBe('demo');
    // A copy of the demo file never lands among the real till's copies.
    const copy = await call<{ path: string }>(core, 'backupNow');
    expect(copy.path.startsWith(path.join(dataDir, 'demo', 'backups'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
  });
});

describe('going live keeps what the owner built in demo', () => {
  it('carries the products, payment methods and staff (with their PINs), never documents or numbering, saying so first', async () => {
    const sandbox = await startSandbox({ port: 0 });
    cleanups.push(() => sandbox.close());
    const dataDir = tempDataDir();
    const secrets = memorySecretStore();
    writeMode(dataDir, 'demo');
    const demo = shellCore(dataDir, sandbox, secrets);
    await call(demo.core, 'createFirstAdmin', { name: 'Rosa Dueña', pin: '135790' });
    await call(demo.core, 'saveUser', { name: 'Pedro Cajero', role: 'cajero', pin: '2468' });
    await call(demo.core, 'saveProduct', { code: 'QSO01', description: 'Queso fresco (kg)', unit: 'KGM', price: '18.50', affectation: '10' });
    const { paymentMethods } = await call<{ paymentMethods: { code: string }[] }>(demo.core, 'getSettings');
    await call(demo.core, 'saveSettings', { paymentMethods: [...paymentMethods, { code: 'ripley', label: 'Tarjeta Ripley', kind: 'card', active: true }] });
    await call(demo.core, 'openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
    for (let i = 0; i < 2; i++) await call<DocumentSummary>(demo.core, 'issueSale', anonymousBoleta());

    // Said beforehand: what carries (the owner's products, not the demo's examples) and what stays in demo.
    const preview = await call<{ products: number; paymentMethods: string[]; staff: { name: string; role: string }[]; staysInDemo: string[] }>(demo.core, 'previewGoLive');
    expect(preview).toMatchObject({
      products: 1,
      paymentMethods: expect.arrayContaining(['Efectivo', 'Yape', 'Tarjeta Ripley']),
      staff: [{ name: 'Pedro Cajero', role: 'cajero' }, { name: 'Rosa Dueña', role: 'administrador' }],
    });
    expect(preview.staysInDemo.join(' ')).toMatch(/comprobantes.*numeración/);

    await call(demo.core, 'setToken', { token: sandbox.token });
    expect(await call(demo.core, 'completeSetup', { ...realSetup(sandbox), carry: { products: true, paymentMethods: true, staff: true } })).toEqual({ restarting: true });
    await demo.core.stop();
    demo.core.close();
    cleanups.pop();

    const real = shellCore(dataDir, sandbox, secrets);
    const cashiers = await call<{ id: number; name: string }[]>(real.core, 'listCashiers');
    expect(cashiers.map((c) => c.name).sort()).toEqual(['Pedro Cajero', 'Rosa Dueña']);
    // The same PIN signs in.
    await call(real.core, 'login', { userId: cashiers.find((c) => c.name === 'Pedro Cajero')!.id, pin: '2468' });
    const products = await call<{ rows: { code: string; price: string }[] }>(real.core, 'listProducts', { includeInactive: true });
    expect(products.rows).toEqual([expect.objectContaining({ code: 'QSO01', price: '18.5', description: 'Queso fresco (kg)' })]);
    expect((await call<{ paymentMethods: { label: string }[] }>(real.core, 'getSettings')).paymentMethods.map((m) => m.label)).toContain('Tarjeta Ripley');
    expect((await call<{ rows: unknown[] }>(real.core, 'listDocuments', {})).rows).toEqual([]);
    await call(real.core, 'openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
    const sale = await call<DocumentSummary>(real.core, 'issueSale', anonymousBoleta());
    expect(`${sale.series}-${sale.number}`).toBe('B001-1');
  });

  it('nothing carries unless the owner chooses it', async () => {
    const sandbox = await startSandbox({ port: 0 });
    cleanups.push(() => sandbox.close());
    const dataDir = tempDataDir();
    const secrets = memorySecretStore();
    writeMode(dataDir, 'demo');
    const demo = shellCore(dataDir, sandbox, secrets);
    await call(demo.core, 'createFirstAdmin', { name: 'Rosa Dueña', pin: '135790' });
    await call(demo.core, 'saveProduct', { code: 'QSO01', description: 'Queso fresco (kg)', unit: 'KGM', price: '18.50', affectation: '10' });
    await call(demo.core, 'setToken', { token: sandbox.token });
    await call(demo.core, 'completeSetup', { ...realSetup(sandbox), carry: { products: false, paymentMethods: true, staff: false } });
    await demo.core.stop();
    demo.core.close();
    cleanups.pop();
    const real = shellCore(dataDir, sandbox, secrets);
    expect(await call<unknown[]>(real.core, 'listCashiers')).toEqual([]);
    expect((await call<{ rows: unknown[] }>(real.core, 'listProducts', {})).rows).toEqual([]);
  });
});
