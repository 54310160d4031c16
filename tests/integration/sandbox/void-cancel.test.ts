// The sandbox speaks summary/cancel (boletas) and voided/cancel (facturas) in both dialects: strict bodies,
// the bearer check, SUNAT-like checks (the document exists and was accepted, not voided already, its type is the
// endpoint's), and the record query shows a voided document with indicadorEstado 2.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SendResultSchema } from '../../../shared/api';
import { toDocumentNames } from '../../../shared/api/dialect';
import { startSandbox, type Sandbox } from '../../../electron/sandbox';
import { authHeaders, boleta, factura, get, ISSUER_RUC, SAMPLE_DAY, send } from './helpers';

let sandboxes: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.map((s) => s.close()));
  sandboxes = [];
});

async function start(dialect: 'document' | 'factiliza', over: Parameters<typeof startSandbox>[0] = {}): Promise<Sandbox> {
  const s = await startSandbox({ port: 0, dialect, clock: SAMPLE_DAY, ...over });
  sandboxes.push(s);
  return s;
}

const body = (over: Record<string, unknown> = {}) => ({
  empresa_Ruc: ISSUER_RUC, tipo_Doc: '03', serie: 'B001', correlativo: '1', anulacion_Motivo: 'Venta duplicada', estado_Documento: '0', ...over,
});

async function cancel(s: Sandbox, endpoint: 'summary' | 'voided', payload: unknown, token?: string) {
  const res = await fetch(`${s.billingBaseUrl}/${endpoint}/cancel`, { method: 'POST', headers: authHeaders(s, token), body: JSON.stringify(payload) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const read = (b: unknown) => SendResultSchema.parse(toDocumentNames(b));
const codeOf = (b: unknown) => read(b).data.authorityResponse.cdrResponse.code;

describe.each(['document', 'factiliza'] as const)('summary/cancel and voided/cancel (%s dialect)', (dialect) => {
  it('voids an accepted boleta and an accepted factura; the record then shows state 2', async () => {
    const s = await start(dialect);
    await send(s, boleta());
    await send(s, factura());
    const b = await cancel(s, 'summary', body());
    expect(b.status).toBe(200);
    // The real provider's name for the authority's answer under 'factiliza', the document's otherwise.
    expect(Object.keys(b.body.data as object)).toContain(dialect === 'factiliza' ? 'sunatResponse' : 'authorityResponse');
    expect(read(b.body).data.authorityResponse).toMatchObject({ success: true, cdrResponse: { code: '0', id: 'B001-1' } });
    const f = await cancel(s, 'voided', body({ tipo_Doc: '01', serie: 'F001' }));
    expect(codeOf(f.body)).toBe('0');
    const segment = dialect === 'factiliza' ? 'sunat' : 'authority';
    const record = (await (await get(s, `/v1/${segment}/boleta/${ISSUER_RUC}-B001-1`)).json()) as { data: { indicadorEstado: string } };
    expect(record.data.indicadorEstado).toBe('2');
  });

  it('refuses a document it does not have or did not accept (2104), and a second void (1032 unless the same request, idempotent)', async () => {
    const s = await start(dialect);
    expect(codeOf((await cancel(s, 'summary', body())).body)).toBe('2104');
    await send(s, boleta());
    const first = await cancel(s, 'summary', body());
    const again = await cancel(s, 'summary', body());
    expect(again.body).toEqual(first.body); // the same request: the first answer
    expect(codeOf((await cancel(s, 'summary', body({ anulacion_Motivo: 'Otro motivo' }))).body)).toBe('1032');
  });

  it('refuses a note on a voided document (2524), and a void of a document with an accepted note (2106)', async () => {
    const s = await start(dialect);
    await send(s, boleta());
    await send(s, boleta({ correlativo: '2', id_Base_Dato: 'second-boleta' }));
    expect(codeOf((await cancel(s, 'summary', body())).body)).toBe('0');
    const { forma_pago: _p, manual: _m, tipo_Doc: _t, ...base } = boleta();
    const note = (ref: string, correlativo: string) => ({
      ...base, tipo_Doc: '07', serie: 'BC01', correlativo, id_Base_Dato: `note-${correlativo}`, afectado_Tipo_Doc: '03',
      afectado_Num_Doc: ref, motivo_Cod: '06', motivo_Des: 'Devolución total', Manual: false, Observacion: 'Devolución total',
    });
    const post = async (n: unknown) =>
      (await (await fetch(`${s.billingBaseUrl}/note/send`, { method: 'POST', headers: authHeaders(s), body: JSON.stringify(n) })).json()) as unknown;
    expect(codeOf(await post(note('B001-1', '1')))).toBe('2524');
    expect(codeOf(await post(note('B001-2', '2')))).toBe('0');
    expect(codeOf((await cancel(s, 'summary', body({ correlativo: '2' }))).body)).toBe('2106');
  });

  it('under resendMode sunat1033 the same request again is 1032 (already reported as voided)', async () => {
    const s = await start(dialect, { resendMode: 'sunat1033' });
    await send(s, boleta());
    expect(codeOf((await cancel(s, 'summary', body())).body)).toBe('0');
    expect(codeOf((await cancel(s, 'summary', body())).body)).toBe('1032');
  });

  it('checks the body strictly, the type against the endpoint, and the bearer', async () => {
    const s = await start(dialect);
    await send(s, boleta());
    const wrongType = await cancel(s, 'voided', body());
    expect(wrongType.status).toBe(400);
    expect(String(wrongType.body.message)).toContain('voided/cancel el tipo de documento debe ser 01');
    expect((await cancel(s, 'summary', body({ tipo_Doc: '01', serie: 'F001' }))).status).toBe(400);
    expect((await cancel(s, 'summary', body({ extra: 1 }))).status).toBe(400);
    expect((await cancel(s, 'summary', body({ estado_Documento: '1' }))).status).toBe(400);
    expect((await cancel(s, 'summary', body({ correlativo: '00000001' }))).status).toBe(400);
    expect((await cancel(s, 'summary', body(), 'wrong-token')).status).toBe(401);
    // None of these voided anything.
    expect(codeOf((await cancel(s, 'summary', body())).body)).toBe('0');
  });

  it('in its varying mode refuses an invalid body as HTTP 400 or as 200 with success false', async () => {
    const statuses = new Set<number>();
    for (let seed = 1; seed <= 8; seed++) {
      const s = await start(dialect, { vary: { seed } });
      const refused = await cancel(s, 'summary', body({ tipo_Doc: '07' }));
      expect(refused.body.success).toBe(false);
      statuses.add(refused.status);
    }
    expect([...statuses].sort()).toEqual([200, 400]);
  });
});

describe('a sandbox restarted on its state file', () => {
  it('still holds the void: the same request gets the first answer, another gets 1032, the record shows state 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caja-sandbox-void-'));
    try {
      const stateFile = join(dir, 'registros.json');
      const first = await startSandbox({ port: 0, clock: SAMPLE_DAY, stateFile });
      await send(first, boleta());
      const voided = await cancel(first, 'summary', body());
      expect(codeOf(voided.body)).toBe('0');
      await first.close();

      const second = await start('document', { stateFile });
      // Asked before any new request: the record already shows the void, and another request is a second void.
      const record = (await (await get(second, `/v1/authority/boleta/${ISSUER_RUC}-B001-1`)).json()) as { data: { indicadorEstado: string } };
      expect(record.data.indicadorEstado).toBe('2');
      expect(codeOf((await cancel(second, 'summary', body({ anulacion_Motivo: 'Otro motivo' }))).body)).toBe('1032');
      expect((await cancel(second, 'summary', body())).body).toEqual(voided.body);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
