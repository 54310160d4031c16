// The sandbox speaks note/send in both dialects, with SUNAT-like checks (docs/sunat/notes.md), and registers
// notes like invoices (1033 on a resend under 'sunat1033').
import { afterEach, describe, expect, it } from 'vitest';
import { SendResultSchema, type Invoice, type Note } from '../../../shared/api';
import { toDocumentNames } from '../../../shared/api/dialect';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { authHeaders, boleta, factura, SAMPLE_DAY, send } from './helpers';

/** A credit note returning the whole sample boleta B001-1 (118.00). */
function creditNote(over: Partial<Note> = {}): Note {
  const { forma_pago: _p, manual: _m, tipo_Doc: _t, ...base } = boleta();
  return {
    ...base,
    tipo_Doc: '07',
    serie: 'BC01',
    correlativo: '1',
    id_Base_Dato: 'a6f0c1de-0000-4000-8000-00000000nc01',
    afectado_Tipo_Doc: '03',
    afectado_Num_Doc: 'B001-1',
    motivo_Cod: '06',
    motivo_Des: 'Devolución total',
    Manual: false,
    Observacion: 'Devolución total',
    ...over,
  };
}

let sandboxes: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.map((s) => s.close()));
  sandboxes = [];
});

async function start(dialect: 'document' | 'factiliza', resendMode?: 'sunat1033'): Promise<Sandbox> {
  const s = await startSandbox({ port: 0, dialect, clock: SAMPLE_DAY, ...(resendMode ? { resendMode } : {}) });
  sandboxes.push(s);
  return s;
}

async function postNote(s: Sandbox, note: unknown) {
  const res = await fetch(`${s.billingBaseUrl}/note/send`, { method: 'POST', headers: authHeaders(s), body: JSON.stringify(note) });
  return { status: res.status, body: (await res.json()) as unknown };
}
/** The answer in the document's names, whichever dialect spoke (the factiliza one says sunatResponse). */
const read = (body: unknown) => SendResultSchema.parse(toDocumentNames(body));
const codeOf = (body: unknown) => read(body).data.authorityResponse.cdrResponse.code;

describe.each(['document', 'factiliza'] as const)('note/send (%s dialect)', (dialect) => {
  it('accepts a note on an accepted document with a CDR, and refuses one over what is left', async () => {
    const s = await start(dialect);
    await send(s, boleta());
    const first = await postNote(s, creditNote({ motivo_Cod: '07', monto_Oper_Gravadas: 50, monto_Igv: 9, total_Impuestos: 9, valor_Venta: 50, sub_Total: 59, monto_Imp_Venta: 59, detalle: [{ ...boleta().detalle[0]!, cantidad: 1, monto_Base_Igv: 50, igv: 9, total_Impuestos: 9, monto_Valor_Venta: 50 }] }));
    expect(first.status).toBe(200);
    expect(read(first.body).data.authorityResponse).toMatchObject({ success: true, cdrResponse: { code: '0', id: 'BC01-1' } });
    // 59 + 118 > 118: the credit notes' total never exceeds the document's.
    expect(codeOf((await postNote(s, creditNote({ correlativo: '2', id_Base_Dato: 'x-2' }))).body)).toBe('3206');
    expect(s.declarations().map((d) => [d.key, d.code])).toEqual([
      ['20100000009-03-B001-1', '0'],
      ['20100000009-07-BC01-1', '0'],
      ['20100000009-07-BC01-2', '3206'],
    ]);
  });

  it('refuses a note on a document not registered, on another customer, and a series letter that is not the document\'s', async () => {
    const s = await start(dialect);
    expect(codeOf((await postNote(s, creditNote())).body)).toBe('2524');
    await send(s, boleta());
    expect(codeOf((await postNote(s, creditNote({ correlativo: '2', cliente_Num_Doc: '10000002' }))).body)).toBe('2801');
    expect(codeOf((await postNote(s, creditNote({ correlativo: '3', serie: 'FC01' }))).body)).toBe('1001');
    await send(s, factura({ correlativo: '9' }));
    // A note on a rejected factura is refused too (the modified document must be accepted).
    const rejected = factura({ correlativo: '10', cliente_Tipo_Doc: '1', cliente_Num_Doc: '10000001' }) as Invoice;
    await send(s, rejected);
    expect(codeOf((await postNote(s, creditNote({ correlativo: '1', serie: 'FC01', afectado_Tipo_Doc: '01', afectado_Num_Doc: 'F001-10', cliente_Tipo_Doc: '1', cliente_Num_Doc: '10000001' }))).body)).toBe('2524');
  });

  it('a resend of a declared note is answered 1033 under sunat1033, registered once; an invalid body is a 400', async () => {
    const s = await start(dialect, 'sunat1033');
    await send(s, boleta());
    expect(codeOf((await postNote(s, creditNote())).body)).toBe('0');
    expect(codeOf((await postNote(s, creditNote())).body)).toBe('1033');
    expect(s.declarations().filter((d) => d.key.includes('-07-'))).toHaveLength(1);
    const { forma_pago: _p, ...bad } = { ...creditNote(), forma_pago: [] };
    expect((await postNote(s, { ...bad, forma_pago: [] })).status).toBe(400);
  });
});
