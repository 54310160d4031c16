// Shared helpers of the sandbox integration tests: sample payloads, HTTP calls, CDR reading.
import JSZip from 'jszip';
import type { Invoice } from '../../../shared/api';
import type { Sandbox } from '../../../electron/sandbox';

export const ISSUER_RUC = '20100000009';
export const CUSTOMER_RUC = '20200000006'; // valid check digit
export const BAD_CHECK_DIGIT_RUC = '20200000005';
/** The day the sample documents were issued: sandboxes in these tests receive them the same day (no 2108). */
export const SAMPLE_DAY = () => new Date('2026-03-02T18:00:00-05:00');

/** A consistent boleta: 2 × S/ 59.00 incl. IGV (100.00 + 18.00 = 118.00). */
export function boleta(overrides: Partial<Invoice> = {}): Invoice {
  return {
    tipo_Operacion: '0101',
    tipo_Doc: '03',
    serie: 'B001',
    correlativo: '1',
    tipo_Moneda: 'PEN',
    fecha_Emision: '2026-03-02T10:15:00-05:00',
    empresa_Ruc: ISSUER_RUC,
    cliente_Tipo_Doc: '1',
    cliente_Num_Doc: '10000001',
    cliente_Razon_Social: 'QUISPE HUAMAN ROSA ELENA',
    cliente_Direccion: 'AV. LOS PINOS 123',
    monto_Oper_Gravadas: 100,
    monto_Igv: 18,
    total_Impuestos: 18,
    valor_Venta: 100,
    sub_Total: 118,
    monto_Imp_Venta: 118,
    estado_Documento: '0',
    manual: false,
    id_Base_Dato: 'a6f0c1de-0000-4000-8000-000000000001',
    detalle: [
      {
        unidad: 'NIU',
        cantidad: 2,
        cod_Producto: 'ACEITE1L',
        descripcion: 'ACEITE VEGETAL 1 L',
        monto_Valor_Unitario: 50,
        monto_Base_Igv: 100,
        porcentaje_Igv: 18,
        igv: 18,
        tip_Afe_Igv: '10',
        total_Impuestos: 18,
        monto_Precio_Unitario: 59,
        monto_Valor_Venta: 100,
      },
    ],
    forma_pago: [{ tipo: 'CONTADO', monto: 118, fecha_Pago: '2026-03-02T10:15:00-05:00' }],
    legend: [{ legend_Code: '1000', legend_Value: 'SON CIENTO DIECIOCHO CON 00/100 SOLES' }],
    ...overrides,
  };
}

/** The same sale as a factura to a company with a valid RUC. */
export function factura(overrides: Partial<Invoice> = {}): Invoice {
  return boleta({
    tipo_Doc: '01',
    serie: 'F001',
    cliente_Tipo_Doc: '6',
    cliente_Num_Doc: CUSTOMER_RUC,
    cliente_Razon_Social: 'DISTRIBUIDORA ANDINA DEMO S.A.',
    ...overrides,
  });
}

export function authHeaders(sandbox: Sandbox, token = sandbox.token): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

export function send(sandbox: Sandbox, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${sandbox.billingBaseUrl}/invoice/send`, {
    method: 'POST',
    headers: authHeaders(sandbox),
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

export function get(sandbox: Sandbox, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${sandbox.queryBaseUrl}${path}`, { headers: authHeaders(sandbox), ...init });
}

export interface CdrFile {
  name: string;
  xml: string;
  code: string;
  description: string;
  notes: string[];
}

/** Unzips a base64 CDR, picks the R- entry and reads code, description and notes (SUNAT or OSE layout). */
export async function readCdr(base64: string): Promise<CdrFile> {
  const zip = await JSZip.loadAsync(base64, { base64: true });
  const name = Object.keys(zip.files).find((n) => n.startsWith('R-'));
  if (!name) throw new Error(`no R- entry in ${Object.keys(zip.files).join(', ')}`);
  const bytes = await zip.file(name)!.async('uint8array');
  const head = new TextDecoder('latin1').decode(bytes.slice(0, 100));
  const xml = new TextDecoder(/ISO-8859-1/i.test(head) ? 'latin1' : 'utf-8').decode(bytes);
  const tag = (t: string) => new RegExp(`<cbc:${t}(?: [^>]*)?>([^<]*)</cbc:${t}>`).exec(xml)?.[1] ?? '';
  const notes = [...xml.matchAll(/<cbc:(?:Note|StatusReason)(?: [^>]*)?>([^<]*)<\/cbc:(?:Note|StatusReason)>/g)].map((m) => m[1] ?? '');
  return { name, xml, code: tag('ResponseCode'), description: tag('Description'), notes };
}
