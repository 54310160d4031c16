// The sandbox's varying mode: seeded choices among the forms the API document allows (docs/api/variations.md),
// every one of them read by the core's API client in both dialects; the default mode stays as it was.
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, isApiError, type ApiClient } from '../../../electron/core/api';
import { readCdrZip } from '../../../electron/core/cdr';
import { createVariation, SEED_CITIZENS, SEED_GUIDES, SEED_RECORDS, SEED_TAXPAYERS, startSandbox, type Sandbox, type SandboxOptions } from '../../../electron/sandbox';
import { invoiceToRecord } from '../../../electron/sandbox/records';
import {
  CdrQueryResponseSchema,
  DniResponseSchema,
  ErrorBodySchema,
  PROVIDERS,
  ReceiptRecordResponseSchema,
  SendResultSchema,
  toDocumentNames,
  type Invoice,
  type Provider,
} from '../../../shared/api';
import { buildInvoice } from '../../../shared/billing';
import { boleta as draftBoleta, factura as draftFactura, line } from '../../unit/shared/billing/fixtures';
import { get, ISSUER_RUC, SAMPLE_DAY, send } from './helpers';

let sandboxes: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.map((s) => s.close()));
  sandboxes = [];
});

async function sandboxWith(options: SandboxOptions): Promise<Sandbox> {
  const s = await startSandbox({ port: 0, clock: SAMPLE_DAY, ...options });
  sandboxes.push(s);
  return s;
}

const ISSUED_AT = '2026-03-02T10:15:00-05:00';
const company = { ruc: ISSUER_RUC };
/** 1.5 × S/ 12.00: the unit value is 15.25 / 1.5 = 10.1666666667 (2 decimals: 10.17), the description has four words. */
const sale = (n: number): Invoice =>
  buildInvoice(draftBoleta([line('1.5', '12', { description: 'Agua mineral 625 ml' })], { number: n, issuedAt: ISSUED_AT }), company);
const invoiceSale = (n: number): Invoice =>
  buildInvoice(draftFactura([line('2', '7.35', { description: 'Aceite vegetal' })], { number: n, issuedAt: ISSUED_AT }), company);
/** A body the send refuses (unknown property, missing fields). */
const invalid = (n: number) => ({ tipo_Doc: '03', serie: 'B001', correlativo: String(n), extra: true });
const recordPath = (dialect: Provider, kind: 'boleta' | 'factura', series: string, n: number) =>
  `/v1/${dialect === 'factiliza' ? 'sunat' : 'authority'}/${kind}/${ISSUER_RUC}-${series}-${n}`;

interface CdrForm {
  encoding: string;
  dummy: boolean;
}
async function cdrForm(base64: string): Promise<CdrForm> {
  const zip = await JSZip.loadAsync(base64, { base64: true });
  const entry = Object.values(zip.files).find((f) => f.name.startsWith('R-'));
  const head = new TextDecoder('latin1').decode((await entry!.async('uint8array')).slice(0, 60));
  return { encoding: /ISO-8859-1/.test(head) ? 'latin1' : 'utf8', dummy: 'dummy/' in zip.files };
}

describe('the Variation object', () => {
  it('gives the same sequence for the same seed, another for another seed', () => {
    const draw = (seed: number) => {
      const v = createVariation({ seed });
      return Array.from({ length: 40 }, () => [v.recordDate(), v.amountDecimals(), v.rejectionForm(), v.description(), v.cdrLayout()].join());
    };
    expect(draw(11)).toEqual(draw(11));
    expect(draw(11)).not.toEqual(draw(12));
  });
});

describe('sandbox in varying mode', () => {
  it('answers each choice in every form over many requests', async () => {
    const s = await sandboxWith({ vary: { seed: 2311 } });
    const seen = new Map<string, Set<string>>();
    const note = (choice: string, form: unknown) => seen.set(choice, (seen.get(choice) ?? new Set()).add(String(form)));

    for (let n = 1; n <= 40; n++) {
      const res = await send(s, sale(n));
      const body = SendResultSchema.parse(await res.json());
      const cdr = await cdrForm(body.data.authorityResponse.cdrZip);
      note('cdr encoding', cdr.encoding);
      note('cdr dummy folder', cdr.dummy);

      const rec = await get(s, recordPath('document', 'boleta', 'B001', n));
      const json = (await rec.json()) as Record<string, unknown>;
      const record = ReceiptRecordResponseSchema.parse(json).data;
      const lineOf = record.detalleComprobanteBean[0]!;
      note('record success', 'success' in json);
      note('fechaEmision', record.fechaEmision);
      note('valorVtaUnitario', lineOf.valorVtaUnitario);
      note('cantidad', lineOf.cantidad);
      note('descripcion', JSON.stringify(lineOf.descripcion));
      expect(record.montoTotalGeneral).toBe(18);
      expect(record.glosa).toBe('-');
      expect(record.documentoRelacionadoBean).toEqual([]);

      const refused = await send(s, invalid(n));
      const error = (await refused.json()) as Record<string, unknown>;
      expect(ErrorBodySchema.parse(error).success).toBe(false);
      note('rejection', refused.status);
      note('error extras', 'errors' in error ? 'fieldErrors' : 'data' in error ? 'dataError' : 'none');

      const citizen = DniResponseSchema.parse(await (await get(s, `/v1/dni/info/${SEED_CITIZENS[0]!.numero}`)).json()).data;
      note('sexo', citizen.sexo === '' ? 'empty' : 'given');
      note('fecha_nacimiento', citizen.fecha_nacimiento === '' ? 'empty' : 'given');

      const missing = await get(s, recordPath('document', 'boleta', 'B001', 9000 + n));
      expect(missing.status).toBe(404);
      const envelope = (await missing.json()) as Record<string, unknown>;
      expect(ErrorBodySchema.parse(envelope)).toMatchObject({ status: 404, success: false });
      note('404 data', 'data' in envelope ? envelope.data : 'absent');
    }

    const forms = Object.fromEntries([...seen].map(([k, v]) => [k, [...v].sort()]));
    expect(forms).toEqual({
      'cdr encoding': ['latin1', 'utf8'],
      'cdr dummy folder': ['false', 'true'],
      'record success': ['false', 'true'],
      fechaEmision: ['-', '02/03/2026'],
      // 10.1666666667 rounded half up at 2 decimals, or written with 10.
      valorVtaUnitario: ['10.1666666667', '10.17'],
      cantidad: ['1.50', '1.5000000000'],
      descripcion: ['"AGUA MINERAL 625 ML"', '"Agua  mineral  625  ml "', '"Agua mineral 625 ml"'],
      rejection: ['200', '400'],
      'error extras': ['dataError', 'fieldErrors', 'none'],
      sexo: ['empty', 'given'],
      fecha_nacimiento: ['empty', 'given'],
      '404 data': ['absent', 'null'],
    });
  });

  it('rounds a 2-decimal amount from the exact value (10.1695 -> "10.17")', async () => {
    const exact = SEED_RECORDS[0]!;
    const seeded = { ...exact, serieComprobante: 'B777', detalleComprobanteBean: [{ ...exact.detalleComprobanteBean[0]!, valorVtaUnitario: '10.1695' }] };
    const s = await sandboxWith({ vary: { seed: 5 }, seed: { records: [seeded] } });
    const written = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const json = await (await get(s, recordPath('document', 'boleta', 'B777', seeded.numeroComprobante))).json();
      written.add(ReceiptRecordResponseSchema.parse(json).data.detalleComprobanteBean[0]!.valorVtaUnitario);
    }
    expect([...written].sort()).toEqual(['10.1695000000', '10.17']);
  });

  it('gives the same answers for the same seed and requests', async () => {
    const transcript = async (seed: number) => {
      const s = await sandboxWith({ vary: { seed } });
      const out: string[] = [];
      for (let n = 1; n <= 12; n++) {
        for (const res of [
          await send(s, sale(n)),
          await send(s, invalid(n)),
          await get(s, recordPath('document', 'boleta', 'B001', n)),
          await get(s, `/v1/dni/info/${SEED_CITIZENS[0]!.numero}`),
          await get(s, recordPath('document', 'boleta', 'B001', 500 + n)),
        ]) {
          out.push(`${res.status} ${await res.text()}`);
        }
      }
      return out;
    };
    const first = await transcript(77);
    expect(await transcript(77)).toEqual(first);
    expect(await transcript(78)).not.toEqual(first);
  });
});

describe.each(PROVIDERS)('the core\'s API client reads every varied answer (%s dialect)', (dialect) => {
  it('for every operation, without a schema error', async () => {
    const s = await sandboxWith({ vary: { seed: dialect === 'document' ? 41 : 42 }, dialect });
    const api: ApiClient = createApiClient({
      fetch: globalThis.fetch,
      config: () => ({ billingBaseUrl: s.billingBaseUrl, queryBaseUrl: s.queryBaseUrl, token: s.token, provider: dialect }),
    });
    const kindOf = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (isApiError(e) ? e.kind : String(e)));
    const guide = SEED_GUIDES[0]!;
    const guideRef = { ruc: guide.numRuc, type: guide.codTipoCpe, series: guide.numSerie, number: String(guide.numCpe) };
    const refusals = new Set<number>();

    for (let n = 1; n <= 24; n++) {
      const doc = n % 3 === 0 ? invoiceSale(n) : sale(n);
      const kind = doc.tipo_Doc === '01' ? 'factura' : 'boleta';
      const sent = await api.sendInvoice(JSON.stringify(doc));
      expect(sent.data.authorityResponse.cdrResponse.code).toBe('0');
      const cdrOfSend = await readCdrZip(sent.data.authorityResponse.cdrZip);
      expect(cdrOfSend.referenceId).toBe(`${doc.serie}-${n}`);

      // The refusal of an invalid document, as 400 or as 200 with success:false: "not declared, see the message".
      const refusal = await api.sendInvoice(JSON.stringify(invalid(n))).catch((e: unknown) => e);
      expect(isApiError(refusal) && refusal.kind, String(refusal)).toBe('invalid');
      if (isApiError(refusal)) refusals.add(refusal.status ?? 0);
      expect(isApiError(refusal) && refusal.message).toMatch(/^Revise los datos enviados/);

      const record = await api.receipt(kind, { ruc: ISSUER_RUC, series: doc.serie, number: String(n) });
      expect(record.numeroComprobante).toBe(n);
      expect(record.detalleComprobanteBean[0]!.cantidad).toMatch(/^\d+\.(\d{2}|\d{10})$/);

      const cdr = await api.cdr({ ruc: ISSUER_RUC, usuario: 'MODDATOS', password: 'moddatos', proveedor: ISSUER_RUC, tipo_doc: doc.tipo_Doc, serie: doc.serie, correlativo: String(n) });
      expect((await readCdrZip(cdr.data)).code).toBe('0');

      const citizen = await api.dni(SEED_CITIZENS[n % SEED_CITIZENS.length]!.numero);
      expect(citizen.nombre_completo).not.toBe('');
      const seeded = SEED_RECORDS[n % SEED_RECORDS.length]!;
      const seededKind = seeded.tipoComprobante === '01' ? 'factura' : 'boleta';
      expect((await api.receipt(seededKind, { ruc: seeded.numeroRuc, series: seeded.serieComprobante, number: String(seeded.numeroComprobante) })).montoTotalGeneral).toBe(seeded.montoTotalGeneral);
      expect((await api.guide(guideRef)).numCpe).toBe(guide.numCpe);
      expect(await api.guideXml(guideRef)).toMatch(/^[A-Za-z0-9+/=]+$/);

      expect(await kindOf(api.receipt('boleta', { ruc: ISSUER_RUC, series: 'B001', number: String(800 + n) }))).toBe('not_found');
      expect(await kindOf(api.dni('00000000'))).toBe('not_found');
      expect(await kindOf(api.cdr({ ruc: ISSUER_RUC, usuario: 'U', password: 'P', proveedor: ISSUER_RUC, tipo_doc: '03', serie: 'B001', correlativo: String(800 + n) }))).toBe('not_found');
    }
    expect([...refusals].sort()).toEqual([200, 400]);
  });

  it('the raw answers parse with the shared schemas once read in the document\'s names', async () => {
    const s = await sandboxWith({ vary: { seed: 7 }, dialect });
    const segment = dialect === 'factiliza' ? 'sunat' : 'authority';
    for (let n = 1; n <= 10; n++) {
      const sent = await (await send(s, sale(n))).json();
      expect(JSON.stringify(sent)).toContain(dialect === 'factiliza' ? '"sunatResponse"' : '"authorityResponse"');
      expect(SendResultSchema.safeParse(toDocumentNames(sent)).success).toBe(true);
      const record = await (await get(s, recordPath(dialect, 'boleta', 'B001', n))).json();
      expect(ReceiptRecordResponseSchema.safeParse(toDocumentNames(record)).error).toBeUndefined();
      const dni = await (await get(s, `/v1/dni/info/${SEED_CITIZENS[0]!.numero}`)).json();
      expect(JSON.stringify(dni)).toContain(dialect === 'factiliza' ? '"ubigeo_reniec"' : '"ubigeo_registry"');
      expect(DniResponseSchema.safeParse(toDocumentNames(dni)).error).toBeUndefined();
      const cdrBody = { ruc: ISSUER_RUC, usuario: 'U', password: 'P', proveedor: ISSUER_RUC, tipo_doc: '03', serie: 'B001', correlativo: String(n) };
      const cdr = await fetch(`${s.queryBaseUrl}/v1/${segment}/cdr`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(cdrBody),
      });
      expect(CdrQueryResponseSchema.safeParse(await cdr.json()).error).toBeUndefined();
    }
  });
});

describe('default mode (no vary) is unchanged', () => {
  it('a record carries the exact date and the amounts as before, with success', async () => {
    const s = await sandboxWith({});
    const doc = sale(1);
    expect((await send(s, doc)).status).toBe(200);
    const refused = await send(s, invalid(2));
    expect(refused.status).toBe(400);
    expect(Object.keys((await refused.json()) as object).sort()).toEqual(['message', 'status', 'success']);
    const json = (await (await get(s, recordPath('document', 'boleta', 'B001', 1))).json()) as { success?: boolean; data: unknown };
    expect(json.success).toBe(true);
    expect(json.data).toEqual(invoiceToRecord(doc, SEED_TAXPAYERS[0]!));
    const record = ReceiptRecordResponseSchema.parse(json).data;
    expect(record.fechaEmision).toBe('02/03/2026');
    expect(record.detalleComprobanteBean[0]).toMatchObject({ cantidad: '1.5', precioUnitario: '12.00', valorVtaUnitario: '10.1666666667', descripcion: 'Agua mineral 625 ml' });
    const sent = SendResultSchema.parse(await (await send(s, sale(3))).json());
    expect(await cdrForm(sent.data.authorityResponse.cdrZip)).toEqual({ encoding: 'latin1', dummy: false });
    const missing = await get(s, recordPath('document', 'boleta', 'B001', 999));
    expect(await missing.json()).toEqual({ status: 404, success: false, message: 'No se encontraron resultados' });
  });
});
