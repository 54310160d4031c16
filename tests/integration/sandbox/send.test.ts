// Operation 1 against the simulated authority: acceptance, rejections, exceptions, observations, CDRs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendResultSchema, type Invoice, type SendResult } from '../../../shared/api';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { BAD_CHECK_DIGIT_RUC, boleta, factura, readCdr, send, SAMPLE_DAY } from './helpers';

const NOW = new Date('2026-03-02T15:20:00Z');
let sandbox: Sandbox;
let next = 100;
/** A fresh number per test so that tests do not see each other's registrations. */
const fresh = () => String((next += 1));

beforeAll(async () => {
  sandbox = await startSandbox({ clock: () => NOW });
});
afterAll(() => sandbox.close());

async function sendOk(invoice: Invoice | Record<string, unknown>): Promise<SendResult> {
  const res = await send(sandbox, invoice);
  expect(res.status).toBe(200);
  return SendResultSchema.parse(await res.json());
}

function declared(key: string) {
  return sandbox.declarations().filter((d) => d.key === key);
}

describe('sandbox send: accepted', () => {
  it('accepts a consistent boleta with a CDR zip holding R-<ruc>-03-B001-<n>.xml and code 0', async () => {
    const n = fresh();
    const result = await sendOk(boleta({ correlativo: n }));
    expect(result.status).toBe(200);
    expect(result.success).toBe(true);
    const auth = result.data.authorityResponse;
    expect(auth.success).toBe(true);
    expect(auth.cdrResponse).toEqual({
      id: `B001-${n}`,
      code: '0',
      description: `La Boleta de Venta numero B001-${n.padStart(8, '0')}, ha sido aceptada`,
      notes: [],
    });
    expect(result.data.hash).toMatch(/^[A-Za-z0-9+/]{27}=$/);

    const cdr = await readCdr(auth.cdrZip);
    expect(cdr.name).toBe(`R-20100000009-03-B001-${n}.xml`);
    expect(cdr.code).toBe('0');
    expect(cdr.description).toBe(auth.cdrResponse.description);
    expect(cdr.xml).toContain('<cbc:ReferenceID>B001-' + n + '</cbc:ReferenceID>');

    expect(declared(`20100000009-03-B001-${n}`)).toEqual([
      { key: `20100000009-03-B001-${n}`, idBaseDato: boleta().id_Base_Dato, at: NOW, code: '0' },
    ]);
  });

  it('accepts a factura to a valid RUC; leading zeros of the number are not part of the key', async () => {
    const n = fresh();
    const result = await sendOk(factura({ correlativo: n.padStart(8, '0') }));
    expect(result.data.authorityResponse.success).toBe(true);
    expect(result.data.authorityResponse.cdrResponse.description).toBe(
      `La Factura numero F001-${n.padStart(8, '0')}, ha sido aceptada`,
    );
    expect((await readCdr(result.data.authorityResponse.cdrZip)).name).toBe(`R-20100000009-01-F001-${n}.xml`);
    expect(declared(`20100000009-01-F001-${n}`)).toHaveLength(1);
  });

  it('gives different hashes to different documents', async () => {
    const a = await sendOk(boleta({ correlativo: fresh() }));
    const b = await sendOk(boleta({ correlativo: fresh() }));
    expect(a.data.hash).not.toBe(b.data.hash);
  });
});

describe('sandbox send: rejections (2000–3999) carry a CDR and burn the number', () => {
  it('rejects a factura whose customer is not a RUC holder with 2800', async () => {
    const n = fresh();
    const result = await sendOk(factura({ correlativo: n, cliente_Tipo_Doc: '1', cliente_Num_Doc: '10000001' }));
    const auth = result.data.authorityResponse;
    expect(auth.success).toBe(false);
    expect(auth.cdrResponse.code).toBe('2800');
    const cdr = await readCdr(auth.cdrZip);
    expect(cdr.code).toBe('2800');
    expect(cdr.name).toBe(`R-20100000009-01-F001-${n}.xml`);
    expect(declared(`20100000009-01-F001-${n}`)).toEqual([expect.objectContaining({ code: '2800' })]);
  });

  it('rejects a factura whose customer RUC fails the check digit with 2017', async () => {
    const result = await sendOk(factura({ correlativo: fresh(), cliente_Num_Doc: BAD_CHECK_DIGIT_RUC }));
    expect(result.data.authorityResponse.success).toBe(false);
    expect(result.data.authorityResponse.cdrResponse.code).toBe('2017');
    expect((await readCdr(result.data.authorityResponse.cdrZip)).code).toBe('2017');
  });

  it.each([
    ['Σ line values ≠ valor_Venta', { valor_Venta: 102, sub_Total: 120, monto_Imp_Venta: 120 }, '3278'],
    ['Σ line IGV ≠ monto_Igv', { monto_Igv: 20, total_Impuestos: 20, sub_Total: 120, monto_Imp_Venta: 120 }, '3291'],
    ['sub_Total ≠ valor_Venta + total_Impuestos', { sub_Total: 125 }, '3279'],
    ['monto_Imp_Venta ≠ valor_Venta + total_Impuestos', { monto_Imp_Venta: 119.5 }, '3280'],
  ])('rejects a factura with %s', async (_label, change, code) => {
    const result = await sendOk(factura({ correlativo: fresh(), ...change }));
    expect(result.data.authorityResponse.success).toBe(false);
    expect(result.data.authorityResponse.cdrResponse.code).toBe(code);
    expect((await readCdr(result.data.authorityResponse.cdrZip)).code).toBe(code);
  });

  it('tolerates differences up to 1 on a factura', async () => {
    const result = await sendOk(factura({ correlativo: fresh(), monto_Igv: 18.9, sub_Total: 118.9, monto_Imp_Venta: 118.9, total_Impuestos: 18.9 }));
    expect(result.data.authorityResponse.cdrResponse.code).toBe('0');
  });

  it('rejects even a boleta when a line IGV is not base × rate (3103)', async () => {
    const invoice = boleta({ correlativo: fresh() });
    const line = { ...invoice.detalle[0]!, igv: 25, total_Impuestos: 25 };
    const result = await sendOk({ ...invoice, detalle: [line], monto_Igv: 25, total_Impuestos: 25, sub_Total: 125, monto_Imp_Venta: 125 });
    expect(result.data.authorityResponse.success).toBe(false);
    expect(result.data.authorityResponse.cdrResponse.code).toBe('3103');
  });
});

describe('sandbox send: observations on boletas', () => {
  it('accepts a boleta with totals mismatches, code 0 and one note per check', async () => {
    const n = fresh();
    const result = await sendOk(boleta({ correlativo: n, monto_Igv: 20, sub_Total: 125, monto_Imp_Venta: 125 }));
    const auth = result.data.authorityResponse;
    expect(auth.success).toBe(true);
    expect(auth.cdrResponse.code).toBe('0');
    expect(auth.cdrResponse.notes).toEqual([
      '4290 - El cálculo del IGV es Incorrecto',
      '4310 - La sumatoria del Total del valor de venta más los impuestos no concuerda con la base imponible',
      '4312 - El importe total del comprobante no coincide con el valor calculado',
    ]);
    const cdr = await readCdr(auth.cdrZip);
    expect(cdr.code).toBe('0');
    expect(cdr.notes).toEqual(auth.cdrResponse.notes);
    expect(declared(`20100000009-03-B001-${n}`)).toHaveLength(1);
  });

  it('accepts a boleta whose DNI is not 8 digits with response code 4207', async () => {
    const result = await sendOk(boleta({ correlativo: fresh(), cliente_Num_Doc: '1234567' }));
    const auth = result.data.authorityResponse;
    expect(auth.success).toBe(true);
    expect(auth.cdrResponse.code).toBe('4207');
    expect(auth.cdrResponse.notes).toEqual(['4207 - El DNI debe tener 8 caracteres numéricos']);
    expect((await readCdr(auth.cdrZip)).code).toBe('4207');
  });

  it('writes observations as cac:Status in the OSE layout', async () => {
    const ose = await startSandbox({ cdrLayout: 'ose', clock: SAMPLE_DAY });
    try {
      const res = await send(ose, boleta({ monto_Igv: 20, total_Impuestos: 20, sub_Total: 120, monto_Imp_Venta: 120 }));
      const auth = SendResultSchema.parse(await res.json()).data.authorityResponse;
      const cdr = await readCdr(auth.cdrZip);
      expect(cdr.xml).toContain('<cbc:UBLVersionID>2.1</cbc:UBLVersionID>');
      expect(cdr.xml).toMatch(/<cbc:StatusReasonCode[^>]*>4290<\/cbc:StatusReasonCode>/);
      expect(cdr.code).toBe('0');
    } finally {
      await ose.close();
    }
  });
});

describe('sandbox send: exceptions (0100–1999) register nothing and carry no CDR', () => {
  it.each([
    ['a boleta with an F series', boleta({ serie: 'F001' })],
    ['a factura with a B series', factura({ serie: 'B001' })],
    ['a series outside F/B', boleta({ serie: 'X001' })],
    ['number 0', boleta({ correlativo: '0' })],
  ])('answers 1001 for %s', async (_label, invoice) => {
    const before = sandbox.declarations().length;
    const result = await sendOk({ ...invoice, correlativo: invoice.correlativo === '0' ? '0' : fresh() });
    const auth = result.data.authorityResponse;
    expect(auth).toMatchObject({ success: false, cdrZip: '' });
    expect(auth.cdrResponse.code).toBe('1001');
    expect(sandbox.declarations()).toHaveLength(before);
  });

  it('answers 1033 for the same number with other data, without a new registration', async () => {
    const n = fresh();
    const first = await sendOk(boleta({ correlativo: n }));
    const second = await sendOk(boleta({ correlativo: n, cliente_Razon_Social: 'OTRO CLIENTE' }));
    expect(second.data.authorityResponse).toMatchObject({ success: false, cdrZip: '' });
    expect(second.data.authorityResponse.cdrResponse.code).toBe('1033');
    expect(second.data.authorityResponse.cdrResponse.description).toBe('El comprobante fue registrado previamente con otros datos');
    expect(second.data.hash).not.toBe(first.data.hash);
    expect(declared(`20100000009-03-B001-${n}`)).toHaveLength(1);
  });

  it('treats another id_Base_Dato as other data (1033)', async () => {
    const n = fresh();
    await sendOk(boleta({ correlativo: n }));
    const again = await sendOk(boleta({ correlativo: n, id_Base_Dato: 'otro-id' }));
    expect(again.data.authorityResponse.cdrResponse.code).toBe('1033');
  });

  it('answers 1032 when a rejected number is sent again with other data', async () => {
    const n = fresh();
    await sendOk(factura({ correlativo: n, cliente_Tipo_Doc: '1', cliente_Num_Doc: '10000001' }));
    const fixed = await sendOk(factura({ correlativo: n }));
    expect(fixed.data.authorityResponse).toMatchObject({ success: false, cdrZip: '' });
    expect(fixed.data.authorityResponse.cdrResponse.code).toBe('1032');
    expect(declared(`20100000009-01-F001-${n}`)).toEqual([expect.objectContaining({ code: '2800' })]);
  });
});

describe('sandbox send: resending the same document', () => {
  it('idempotent mode (default): the original answer again, registered once', async () => {
    const n = fresh();
    const invoice = boleta({ correlativo: n });
    const first = await sendOk(invoice);
    // Same content, keys in another order: still the same document.
    const reordered = Object.fromEntries(Object.entries(invoice).reverse());
    const second = await sendOk(reordered);
    expect(second).toEqual(first);
    expect(declared(`20100000009-03-B001-${n}`)).toHaveLength(1);
  });

  it('idempotent mode: concurrent identical sends register once and get the same answer', async () => {
    const n = fresh();
    const answers = await Promise.all([1, 2, 3, 4].map(() => sendOk(boleta({ correlativo: n }))));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(declared(`20100000009-03-B001-${n}`)).toHaveLength(1);
  });

  it('idempotent mode: a rejected document sent again gets its rejection again', async () => {
    const invoice = factura({ correlativo: fresh(), cliente_Num_Doc: BAD_CHECK_DIGIT_RUC });
    const first = await sendOk(invoice);
    expect(await sendOk(invoice)).toEqual(first);
  });

  it('sunat1033 mode: the repeat is answered 1033 (1032 for a rejected number), registered once', async () => {
    const strict = await startSandbox({ resendMode: 'sunat1033', clock: SAMPLE_DAY });
    try {
      const post = async (invoice: Invoice) => SendResultSchema.parse(await (await send(strict, invoice)).json());
      const accepted = boleta({ correlativo: '7' });
      const first = await post(accepted);
      const repeat = await post(accepted);
      expect(first.data.authorityResponse.cdrResponse.code).toBe('0');
      expect(repeat.data.authorityResponse).toMatchObject({ success: false, cdrZip: '' });
      expect(repeat.data.authorityResponse.cdrResponse.code).toBe('1033');
      expect(repeat.data.hash).toBe(first.data.hash);

      const rejected = factura({ correlativo: '8', cliente_Tipo_Doc: '1', cliente_Num_Doc: '10000001' });
      await post(rejected);
      expect((await post(rejected)).data.authorityResponse.cdrResponse.code).toBe('1032');
      expect(strict.declarations().map((d) => [d.key, d.code])).toEqual([
        ['20100000009-03-B001-7', '0'],
        ['20100000009-01-F001-8', '2800'],
      ]);
      expect(strict.requests()).toBe(4);
    } finally {
      await strict.close();
    }
  });
});

describe('sandbox send: deadlines', () => {
  it('rejects a factura received more than 3 days after its issue day with 2108, and accepts one on the 3rd day', async () => {
    const late = await startSandbox({ clock: () => new Date('2026-03-06T09:00:00-05:00') });
    const onTime = await startSandbox({ clock: () => new Date('2026-03-05T23:00:00-05:00') });
    try {
      const r1 = SendResultSchema.parse(await (await send(late, factura({ correlativo: '7' }))).json());
      expect(r1.data.authorityResponse).toMatchObject({ success: false, cdrResponse: { code: '2108' } });
      expect((await readCdr(r1.data.authorityResponse.cdrZip)).code).toBe('2108');
      const r2 = SendResultSchema.parse(await (await send(onTime, factura({ correlativo: '7' }))).json());
      expect(r2.data.authorityResponse.cdrResponse.code).toBe('0');
    } finally {
      await late.close();
      await onTime.close();
    }
  });
});
