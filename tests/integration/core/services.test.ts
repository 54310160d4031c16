import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../../shared/api';
import { SEED_CITIZENS, SEED_GUIDES, SEED_RECORDS } from '../../../electron/sandbox';
import type { CustomerLookupResult, DocumentDetail, DocumentList, DocumentSummary, SettingsView } from '../../../shared/bridge';
import { anonymousBoleta, setRigDialect, startRig, type Rig } from './harness';

let rigs: Rig[] = [];
afterEach(async () => {
  await Promise.all(rigs.map((r) => r.dispose()));
  rigs = [];
});
async function rig() {
  const r = await startRig();
  rigs.push(r);
  return r;
}

describe.each(PROVIDERS)('customers, %s names', (dialect) => {
  beforeAll(() => setRigDialect(dialect));
  afterAll(() => setRigDialect('document'));

  it('fills a DNI from the API, keeps it in the book and serves it offline', async () => {
    const r = await rig();
    const citizen = SEED_CITIZENS[0]!;
    const first = await r.call<CustomerLookupResult>('lookupCustomer', { docType: '1', docNumber: citizen.numero });
    expect(first).toMatchObject({ found: true, source: 'api', customer: { name: citizen.nombre_completo } });
    r.sandbox.faults.reset(5, 'query');
    const again = await r.call<CustomerLookupResult>('lookupCustomer', { docType: '1', docNumber: citizen.numero });
    expect(again).toMatchObject({ found: true, source: 'book' });
  });

  it('answers not found and offline with a note, never an error', async () => {
    const r = await rig();
    expect(await r.call('lookupCustomer', { docType: '1', docNumber: '99999999' })).toMatchObject({ found: false, note: expect.stringMatching(/no encontrado/) });
    r.sandbox.faults.reset(1, 'query');
    expect(await r.call('lookupCustomer', { docType: '1', docNumber: '88888888' })).toMatchObject({ found: false, note: expect.stringMatching(/Sin conexión/) });
  });

  it('fills a RUC from SUNAT (RUC lookup), warns when the taxpayer is not ACTIVO/HABIDO, and serves it offline', async () => {
    const r = await rig();
    const first = await r.call<CustomerLookupResult>('lookupCustomer', { docType: '6', docNumber: '20602000002' });
    expect(first).toMatchObject({
      found: true, source: 'api', customer: { name: 'SERVICIOS CERRADOS DEMO E.I.R.L.', address: expect.stringMatching(/^AV\. ANTIGUA 400/) },
      taxpayer: { estado: 'BAJA DE OFICIO', condicion: 'HABIDO' }, warning: expect.stringMatching(/estado BAJA DE OFICIO/),
    });
    r.sandbox.faults.reset(Infinity, 'query');
    const offline = await r.call<CustomerLookupResult>('lookupCustomer', { docType: '6', docNumber: '20602000002' });
    expect(offline).toMatchObject({ found: true, source: 'cache', warning: expect.stringMatching(/BAJA DE OFICIO/) });
    // kept in the customer book too
    expect((await r.call<{ docNumber: string }[]>('searchCustomers', { text: 'servicios cerrados' }))[0]?.docNumber).toBe('20602000002');
    expect(await r.call('lookupCustomer', { docType: '6', docNumber: '20603000006' })).toMatchObject({ found: false, note: expect.stringMatching(/Sin conexión/) });
    r.sandbox.faults.clear();
    const active = await r.call<CustomerLookupResult>('lookupCustomer', { docType: '6', docNumber: '20200000006' });
    expect(active.warning).toBeUndefined();
  });

  it('checks a RUC and fills it from past sales', async () => {
    const r = await rig();
    const bad = await r.raw('lookupCustomer', { docType: '6', docNumber: '20131312954' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'validation' } });
    await r.call('issueSale', {
      ...anonymousBoleta(),
      docType: '01',
      customer: { docType: '6', docNumber: '20100066603', name: 'COMERCIAL ANDINA S.A.', address: 'Jr. Lima 100' },
    });
    expect(await r.call('lookupCustomer', { docType: '6', docNumber: '20100066603' })).toMatchObject({
      found: true, source: 'book', customer: { name: 'COMERCIAL ANDINA S.A.', address: 'Jr. Lima 100' },
    });
  });
});

// Both dialects: the lookups read the document's names and the real provider's.
describe.each(PROVIDERS)('lookups, %s names', (dialect) => {
  beforeAll(() => setRigDialect(dialect));
  afterAll(() => setRigDialect('document'));

  it('finds a boleta record, a guide and its XML', async () => {
    const r = await rig();
    const rec = SEED_RECORDS[0]!;
    const kind = rec.tipoComprobante === '01' ? 'factura' : 'boleta';
    const got = await r.call<{ montoTotalGeneral: number }>('lookupReceipt', {
      kind, ruc: rec.numeroRuc, series: rec.serieComprobante, number: String(rec.numeroComprobante),
    });
    expect(got.montoTotalGeneral).toBe(rec.montoTotalGeneral);
    const g = SEED_GUIDES[0]!;
    const ref = { ruc: g.numRuc, type: g.codTipoCpe, series: g.numSerie, number: String(g.numCpe) };
    expect(await r.call('lookupGuide', ref)).toMatchObject({ numCpe: g.numCpe });
    const xml = await r.call<{ fileName: string; xml: string }>('downloadGuideXml', ref);
    expect(xml.fileName).toMatch(/\.xml$/i);
    expect(xml.xml).toContain('<');
    const missing = await r.raw('lookupReceipt', { kind: 'boleta', ruc: rec.numeroRuc, series: 'B999', number: '1' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'api_not_found' } });
  });

  it('attaches a queried CDR to the local document and keeps credentials only when asked', async () => {
    const r = await rig();
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await r.core.outbox.drain();
    r.core.db.sqlite.prepare('UPDATE documents SET cdr_zip = NULL, cdr_xml = NULL WHERE id = ?').run(doc.id);
    const settings = await r.call<SettingsView>('getSettings');
    const query = { ruc: settings.company.ruc, usuario: 'MODDATOS', password: 'moddatos', tipo_doc: '03', serie: 'B001', correlativo: '1' };
    const res = await r.call<{ code: string; attachedToDocumentId?: number }>('queryCdr', { ...query, remember: false });
    expect(res).toMatchObject({ code: '0', attachedToDocumentId: doc.id });
    expect((await r.call<DocumentDetail>('getDocument', { id: doc.id })).cdrXml).toContain('ApplicationResponse');
    expect((await r.call<SettingsView>('getSettings')).portal.remembered).toBe(false);
    await r.call('queryCdr', { ...query, remember: true });
    const after = await r.call<SettingsView>('getSettings');
    expect(after.portal).toEqual({ remembered: true, usuario: 'MODDATOS' });
    expect(JSON.stringify(after)).not.toContain('moddatos');
  });
});

describe('settings and documents', () => {
  it('never returns the token, only that it is set and its last 4 characters', async () => {
    const r = await rig();
    const token = 'tok-SECRETO-abcd-9f3e';
    const status = await r.call('setToken', { token });
    expect(status).toEqual({ tokenSet: true, tokenLast4: '9f3e' });
    const view = await r.call<SettingsView>('getSettings');
    expect(JSON.stringify(view)).not.toContain('SECRETO');
    expect(view.api).toMatchObject({ tokenSet: true, tokenLast4: '9f3e' });
  });

  it('refuses to leave demo mode without an API, and checks the company RUC', async () => {
    const r = await rig();
    expect(await r.raw('saveSettings', { demo: false })).toMatchObject({ ok: false, error: { code: 'validation' } });
    // With an API and a token, still refused while the company is the demo's: a real boleta never goes out under it.
    await r.call('setToken', { token: 'token-real-1234' });
    const api = { billingBaseUrl: r.sandbox.billingBaseUrl, queryBaseUrl: r.sandbox.queryBaseUrl };
    const demoCompany = await r.raw('saveSettings', { demo: false, api });
    expect(demoCompany).toMatchObject({ ok: false, error: { message: expect.stringMatching(/el RUC de su empresa/) } });
    expect((await r.call<SettingsView>('getSettings')).demo).toBe(true);
    const badRuc = await r.raw('saveSettings', {
      company: { ruc: '20131312954', name: 'Mi Tienda SAC', tradeName: '', address: 'Av. Sol 1', igvRegime: 'general' },
    });
    expect(badRuc).toMatchObject({ ok: false, error: { fields: [{ path: 'company.ruc' }] } });
    const view = await r.call<SettingsView>('saveSettings', { series: { boleta: 'b002', factura: 'F002' } });
    expect(view.series.boleta).toEqual({ series: 'B002', nextNumber: 1 });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(doc.series).toBe('B002');
  });

  it('lists and filters documents, counts reprints and refuses to retry a final document', async () => {
    const r = await rig();
    const a = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await r.call('issueSale', { ...anonymousBoleta(), customer: { docType: '1', docNumber: '45678912', name: 'María Quispe', address: '' } });
    const list = await r.call<DocumentList>('listDocuments', { customer: 'maria' });
    expect(list.rows.map((d) => d.customerName)).toEqual(['María Quispe']);
    expect(list.pending).toBe(2);
    expect((await r.call<DocumentSummary>('registerReprint', { clientKey: crypto.randomUUID(), id: a.id })).reprints).toBe(1);
    await r.core.outbox.drain();
    expect(await r.raw('retryDocument', { id: a.id })).toMatchObject({ ok: false, error: { code: 'not_retryable' } });
    // Asked while the outbox is sending it: already being retried, nothing changes.
    r.core.db.sqlite.prepare("UPDATE documents SET status = 'sending' WHERE id = ?").run(a.id);
    expect(await r.raw('retryDocument', { id: a.id })).toMatchObject({ ok: true, value: { status: 'sending' } });
    const zip = await r.call<{ fileName: string; base64: string }>('getCdrZip', { id: a.id });
    expect(zip.fileName).toMatch(/^R-\d{11}-03-B001-1\.zip$/);
  });

  it('gives field errors in Spanish and spends no number on an invalid sale', async () => {
    const r = await rig();
    const res = await r.raw('issueSale', { ...anonymousBoleta(), lines: [{ ...anonymousBoleta().lines[0], quantity: '0' }] });
    expect(res).toMatchObject({ ok: false, error: { code: 'validation', fields: [{ path: 'lines.0.quantity', message: expect.stringMatching(/mayor que cero/) }] } });
    const big = await r.raw('issueSale', { ...anonymousBoleta(), lines: [{ ...anonymousBoleta().lines[0], quantity: '1', unitPrice: '700' }] });
    expect(big).toMatchObject({ ok: false, error: { code: 'validation' } });
    const ok = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(ok.number).toBe(1);
  });
});

describe('products through the bridge', () => {
  it('seeds a demo catalogue, finds a product by scan and by words, and round-trips CSV', async () => {
    const r = await rig();
    const list = await r.call<{ rows: { code: string; description: string }[]; total: number }>('listProducts', {});
    expect(list.total).toBeGreaterThanOrEqual(20);
    const first = list.rows[0]!;
    expect(await r.call('getProductByCode', { code: first.code })).toMatchObject({ code: first.code });
    expect(await r.call('getProductByCode', { code: '0000000000000' })).toBeNull();
    const words = first.description.split(' ')[0]!.slice(0, 3).toLowerCase();
    const found = await r.call<{ rows: { code: string }[] }>('listProducts', { text: words });
    expect(found.rows.map((p) => p.code)).toContain(first.code);
    const file = await r.call<{ csv: string }>('exportProducts');
    const again = await r.call<{ unchanged: number; imported: number; errors: unknown[] }>('importProducts', { csv: file.csv, mode: 'all_or_nothing' });
    expect(again).toMatchObject({ unchanged: list.total, imported: 0, errors: [] });
  });
});

describe('sale settings', () => {
  it('keeps "allow changing the price on the line" off by default, stores it, and refuses a non-boolean', async () => {
    const r = await rig();
    expect((await r.call<SettingsView>('getSettings')).sale).toEqual({ allowPriceChange: false, printOnIssue: true, scale: { mode: 'off', itemDigits: 5 }, requireOperationNumber: true });
    const on = await r.call<SettingsView>('saveSettings', { sale: { allowPriceChange: true } });
    expect(on.sale).toEqual({ allowPriceChange: true, printOnIssue: true, scale: { mode: 'off', itemDigits: 5 }, requireOperationNumber: true });
    // Another block saved later leaves it as it is; it is read back from the store, not from memory.
    await r.call('saveSettings', { printer: { deviceName: '', paper: '58mm' } });
    expect((await r.call<SettingsView>('getSettings')).sale).toEqual({ allowPriceChange: true, printOnIssue: true, scale: { mode: 'off', itemDigits: 5 }, requireOperationNumber: true });
    expect(await r.raw('saveSettings', { sale: { allowPriceChange: 'sí' } })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await r.raw('saveSettings', { sale: { allowPriceChange: false, extra: 1 } })).toMatchObject({ ok: false });
    const off = await r.call<SettingsView>('saveSettings', { sale: { allowPriceChange: false } });
    expect(off.sale).toEqual({ allowPriceChange: false, printOnIssue: true, scale: { mode: 'off', itemDigits: 5 }, requireOperationNumber: true });
  });
});

describe('"Probar conexión"', () => {
  it('says per API what answered, without declaring anything', async () => {
    const r = await rig();
    type Result = { billing: { ok: boolean; status: number | null; message: string }; query: { ok: boolean; status: number | null; message: string } };
    expect(await r.call<Result>('testConnection')).toMatchObject({ billing: { ok: false, message: /Falta configurar/ }, query: { ok: false } });
    const api = { billingBaseUrl: r.sandbox.billingBaseUrl, queryBaseUrl: r.sandbox.queryBaseUrl };
    await r.call('saveSettings', { api });
    await r.call('setToken', { token: 'token-equivocado-1' });
    expect(await r.call<Result>('testConnection')).toMatchObject({ billing: { ok: false, status: 401, message: /Token rechazado/ }, query: { status: 401 } });
    await r.call('setToken', { token: r.sandbox.token });
    const good = await r.call<Result>('testConnection');
    expect(good).toMatchObject({ billing: { ok: true, status: 400 }, query: { ok: true, status: 200 } });
    // a separate query token that the query API refuses
    await r.call('setToken', { token: 'otro-token-consultas', target: 'query' });
    expect(await r.call<Result>('testConnection')).toMatchObject({ billing: { ok: true }, query: { ok: false, status: 401 } });
    await r.call('saveSettings', { api: { ...api, billingBaseUrl: `${r.sandbox.url}/api/v9` } });
    expect((await r.call<Result>('testConnection')).billing).toMatchObject({ ok: false, status: 404, message: /No encontrado.*Ruta no encontrada/ });
    await r.call('saveSettings', { api: { billingBaseUrl: 'http://127.0.0.1:9/api/v1', queryBaseUrl: 'http://127.0.0.1:9' } });
    expect((await r.call<Result>('testConnection')).billing).toMatchObject({ ok: false, status: null, message: /Sin conexión/ });
    expect(r.sandbox.declarations()).toEqual([]);
  });
});
