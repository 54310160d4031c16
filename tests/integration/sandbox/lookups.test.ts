// Operations 2 to 7: DNI, CDR download, guides (JSON, XML), boleta and factura records.
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CdrQueryResponseSchema,
  DniResponseSchema,
  ErrorBodySchema,
  GuideResponseSchema,
  GuideXmlResponseSchema,
  ReceiptRecordResponseSchema,
  SendResultSchema,
} from '../../../shared/api';
import { SEED_CITIZENS, startSandbox, type Sandbox } from '../../../electron/sandbox';
import { authHeaders, boleta, factura, get, readCdr, send, SAMPLE_DAY } from './helpers';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ clock: SAMPLE_DAY });
});
afterAll(() => sandbox.close());

async function expectError(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(ErrorBodySchema.parse(await res.json())).toMatchObject({ status, success: false });
}

describe('sandbox DNI lookup (op 2)', () => {
  it('seeds at least 8 citizens, some without birth date and sex', () => {
    expect(SEED_CITIZENS.length).toBeGreaterThanOrEqual(8);
    expect(SEED_CITIZENS.some((c) => c.fecha_nacimiento === '' && c.sexo === '')).toBe(true);
  });

  it('returns every seeded citizen in the 2.4 shape', async () => {
    for (const citizen of SEED_CITIZENS) {
      const res = await get(sandbox, `/v1/dni/info/${citizen.numero}`);
      expect(res.status).toBe(200);
      const body = DniResponseSchema.parse(await res.json());
      expect(body).toMatchObject({ status: 200, success: true });
      expect(body.data).toEqual(citizen);
    }
  });

  it('builds full name surnames first and ubigeo from department to district', async () => {
    const body = DniResponseSchema.parse(await (await get(sandbox, '/v1/dni/info/10000002')).json());
    expect(body.data.nombre_completo).toBe('MAMANI CONDORI, JUAN CARLOS');
    expect(body.data.ubigeo).toEqual(['15', '1501', '150122']);
  });

  it('404 for an unknown DNI, 400 for a malformed one', async () => {
    await expectError(await get(sandbox, '/v1/dni/info/99999999'), 404);
    await expectError(await get(sandbox, '/v1/dni/info/1234567'), 400);
    await expectError(await get(sandbox, '/v1/dni/info/12345678A'), 400);
  });
});

describe('sandbox CDR query (op 3)', () => {
  const query = (overrides: Record<string, string> = {}) => ({
    ruc: '20100000009',
    usuario: 'MODDATOS',
    password: 'moddatos',
    proveedor: '20100000009',
    tipo_doc: '03',
    serie: 'B001',
    correlativo: '31',
    ...overrides,
  });
  const post = (body: unknown) =>
    fetch(`${sandbox.queryBaseUrl}/v1/authority/cdr`, { method: 'POST', headers: authHeaders(sandbox), body: JSON.stringify(body) });

  it('returns the CDR of an accepted document, the same zip the send answered', async () => {
    const sent = SendResultSchema.parse(await (await send(sandbox, boleta({ correlativo: '31' }))).json());
    const res = await post(query({ correlativo: '00000031' }));
    expect(res.status).toBe(200);
    const body = CdrQueryResponseSchema.parse(await res.json());
    expect(body.success).toBe(true);
    expect(body.data).toBe(sent.data.authorityResponse.cdrZip);
    expect((await readCdr(body.data)).code).toBe('0');
  });

  it('returns the CDR of a rejected document too', async () => {
    await send(sandbox, factura({ correlativo: '32', cliente_Tipo_Doc: '1', cliente_Num_Doc: '10000001' }));
    const body = CdrQueryResponseSchema.parse(await (await post(query({ tipo_doc: '01', serie: 'F001', correlativo: '32' }))).json());
    expect((await readCdr(body.data)).code).toBe('2800');
  });

  it('404 for a document never registered, or answered with an exception', async () => {
    await expectError(await post(query({ correlativo: '999' })), 404);
    await send(sandbox, boleta({ serie: 'F009', correlativo: '33' })); // 1001
    await expectError(await post(query({ tipo_doc: '03', serie: 'F009', correlativo: '33' })), 404);
  });

  it('400 for a wrong body: missing field, unknown field, non-string', async () => {
    const { password: _p, ...withoutPassword } = query();
    await expectError(await post(withoutPassword), 400);
    await expectError(await post({ ...query(), extra: 'x' }), 400);
    await expectError(await post({ ...query(), correlativo: 31 }), 400);
  });

  it('never echoes the portal password', async () => {
    const res = await post({ ...query({ password: 'clave-super-secreta' }), extra: 'x' });
    expect(await res.text()).not.toContain('clave-super-secreta');
  });
});

describe('sandbox guides (ops 4, 5)', () => {
  it('returns the active guide in the 2.6 shape', async () => {
    const res = await get(sandbox, '/v2/authority/guia/json/20100000009-09-T001-15');
    expect(res.status).toBe(200);
    const raw = (await res.json()) as Record<string, unknown>;
    expect(raw).not.toHaveProperty('success');
    const body = GuideResponseSchema.parse(raw);
    expect(body.data).toMatchObject({ numRuc: '20100000009', numSerie: 'T001', numCpe: 15, codEstado: '01' });
    expect(body.data.traslado.bien).toHaveLength(2);
    expect(body.data.cantidad).toBeNull();
  });

  it('returns the cancelled guide with codEstado 02 Baja and its baja block', async () => {
    const body = GuideResponseSchema.parse(await (await get(sandbox, '/v2/authority/guia/json/20200000006-09-T002-00000007')).json());
    expect(body.data.codEstado).toBe('02');
    expect(body.data.desEstado).toBe('Baja');
    expect(body.data.baja).toMatchObject({ codMotivo: '01', codUsuario: 'DEMOUSER' });
  });

  it('returns the guide XML zipped as base64', async () => {
    const res = await get(sandbox, '/v2/authority/guia/xml/20100000009-09-T001-15');
    const body = GuideXmlResponseSchema.parse(await res.json());
    const zip = await JSZip.loadAsync(body.data, { base64: true });
    const name = '20100000009-09-T001-15.xml';
    expect(Object.keys(zip.files)).toEqual([name]);
    const xml = await zip.file(name)!.async('string');
    expect(xml).toContain('<cbc:ID>T001-15</cbc:ID>');
    expect(xml).toContain('<cbc:DespatchAdviceTypeCode>09</cbc:DespatchAdviceTypeCode>');
  });

  it('404 for an unknown guide (JSON and XML), 400 for a malformed path', async () => {
    await expectError(await get(sandbox, '/v2/authority/guia/json/20100000009-09-T001-16'), 404);
    await expectError(await get(sandbox, '/v2/authority/guia/xml/20100000009-09-T001-16'), 404);
    await expectError(await get(sandbox, '/v2/authority/guia/json/20100000009-T001-15'), 400);
  });
});

describe('sandbox boleta/factura records (ops 6, 7)', () => {
  it('finds the seeded records before anything is sent', async () => {
    const b = ReceiptRecordResponseSchema.parse(await (await get(sandbox, '/v1/authority/boleta/20100000009-B001-120')).json());
    expect(b.data).toMatchObject({ tipoComprobante: '03', numeroComprobante: 120, montoTotalGeneral: 118, fechaEmision: '01/03/2025' });
    const f = ReceiptRecordResponseSchema.parse(await (await get(sandbox, '/v1/authority/factura/20100000009-F001-45')).json());
    expect(f.data).toMatchObject({ tipoComprobante: '01', fechaVencimiento: '01/04/2025', totalIGV: 54 });
  });

  it('converts an accepted boleta into the 2.8 record', async () => {
    const invoice = boleta({ correlativo: '41' });
    await send(sandbox, invoice);
    const res = await get(sandbox, '/v1/authority/boleta/20100000009-B001-41');
    expect(res.status).toBe(200);
    const { data } = ReceiptRecordResponseSchema.parse(await res.json());
    expect(data).toMatchObject({
      numeroRuc: '20100000009',
      razonSocial: 'BODEGA DEMO CAJA S.A.C.',
      tipoComprobante: '03',
      serieComprobante: 'B001',
      numeroComprobante: 41,
      codigoMoneda: 'PEN',
      simboloMoneda: 'S/',
      fechaEmision: '02/03/2026',
      fechaVencimiento: '-',
      tipoDocumentoCliente: '1',
      desTipoDocumentoCliente: 'DNI',
      numeroDocumentoCliente: '10000001',
      montoTotalGeneral: 118,
      montoTotalTexto: 'SON CIENTO DIECIOCHO CON 00/100 SOLES',
      totalIGV: 18,
      totalValorVenta: 100,
      totalGravOner: 100,
      totalOtrosTributos: 0,
    });
    expect(data.detalleComprobanteBean).toEqual([
      {
        identificador: 1,
        descripcion: 'ACEITE VEGETAL 1 L',
        cantidad: '2',
        precioUnitario: '59.00',
        codigoItem: 'ACEITE1L',
        codigoUnidadMedida: 'NIU',
        unidadMedidaDesc: 'UNIDAD',
        valorVtaUnitario: '50.00',
      },
    ]);
  });

  it('finds an accepted factura only on the factura route', async () => {
    await send(sandbox, factura({ correlativo: '42' }));
    const f = ReceiptRecordResponseSchema.parse(await (await get(sandbox, '/v1/authority/factura/20100000009-F001-00000042')).json());
    expect(f.data.nombreCliente).toBe('DISTRIBUIDORA ANDINA DEMO S.A.');
    await expectError(await get(sandbox, '/v1/authority/boleta/20100000009-F001-42'), 404);
  });

  it('does not list rejected documents; 404 for unknown, 400 for a malformed path', async () => {
    await send(sandbox, factura({ correlativo: '43', cliente_Tipo_Doc: '1', cliente_Num_Doc: '10000001' }));
    await expectError(await get(sandbox, '/v1/authority/factura/20100000009-F001-43'), 404);
    await expectError(await get(sandbox, '/v1/authority/boleta/20100000009-B001-9999'), 404);
    await expectError(await get(sandbox, '/v1/authority/boleta/2010000000-B001-1'), 400);
  });
});
