import {
  CdrQueryResponseSchema,
  DniResponseSchema,
  GuideResponseSchema,
  GuideXmlResponseSchema,
  ReceiptRecordResponseSchema,
  SendResultSchema,
  type CdrQueryRequest,
  type CdrQueryResponse,
  type Citizen,
  type Guide,
  type ReceiptRecord,
  type SendResult,
} from '../../../shared/api';
import { ApiError } from './errors';
import { requestJson, type FetchLike } from './http';

export interface ApiConfig {
  /** Base of the send operation; ends with /api/v1. */
  billingBaseUrl: string;
  /** Base of the query operations; their paths carry /v1 or /v2. */
  queryBaseUrl: string;
  token: string;
}

export interface ApiClientOptions {
  fetch: FetchLike;
  /** Read on every call, so a token or URL changed in Ajustes applies at once. */
  config: () => ApiConfig | undefined;
  sendTimeoutMs?: number;
  queryTimeoutMs?: number;
}

export interface GuideRef {
  ruc: string;
  type: string;
  series: string;
  number: string;
}

export interface ReceiptRef {
  ruc: string;
  series: string;
  number: string;
}

export interface ApiClient {
  /** Op 1. `payload` is the stored Invoice JSON text, sent unchanged. */
  sendInvoice(payload: string): Promise<SendResult>;
  /** Op 2. */
  dni(dni: string): Promise<Citizen>;
  /** Op 3. Credentials travel in the body and are never logged. */
  cdr(query: CdrQueryRequest): Promise<CdrQueryResponse>;
  /** Op 4. */
  guide(ref: GuideRef): Promise<Guide>;
  /** Op 5: the zipped guide XML as base64. */
  guideXml(ref: GuideRef): Promise<string>;
  /** Ops 6 and 7. */
  receipt(kind: 'boleta' | 'factura', ref: ReceiptRef): Promise<ReceiptRecord>;
}

const seg = (...parts: string[]) => parts.map((p) => encodeURIComponent(p.trim())).join('-');
const trimSlash = (u: string) => u.replace(/\/+$/, '');

export function createApiClient(options: ApiClientOptions): ApiClient {
  const sendTimeoutMs = options.sendTimeoutMs ?? 30_000;
  const queryTimeoutMs = options.queryTimeoutMs ?? 15_000;

  function config(): ApiConfig {
    const c = options.config();
    if (!c || !c.token) throw new ApiError('auth', 'No hay un token de acceso configurado. Ingréselo en Ajustes.');
    return c;
  }

  async function query<S extends Parameters<typeof requestJson>[2]>(path: string, schema: S, body?: unknown) {
    const c = config();
    return requestJson(
      options.fetch,
      {
        method: body === undefined ? 'GET' : 'POST',
        url: `${trimSlash(c.queryBaseUrl)}${path}`,
        token: c.token,
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: queryTimeoutMs,
      },
      schema,
    );
  }

  function ensureSuccess<T extends { success?: boolean; message: string }>(res: T): T {
    if (res.success === false) throw new ApiError('not_found', res.message || 'No se encontraron resultados.');
    return res;
  }

  return {
    async sendInvoice(payload) {
      const c = config();
      return requestJson(
        options.fetch,
        {
          method: 'POST',
          url: `${trimSlash(c.billingBaseUrl)}/invoice/send`,
          token: c.token,
          body: payload,
          timeoutMs: sendTimeoutMs,
        },
        SendResultSchema,
      );
    },
    async dni(dni) {
      const res = ensureSuccess(await query(`/v1/dni/info/${encodeURIComponent(dni)}`, DniResponseSchema));
      return res.data;
    },
    async cdr(q) {
      return query('/v1/authority/cdr', CdrQueryResponseSchema, q);
    },
    async guide(ref) {
      const res = await query(`/v2/authority/guia/json/${seg(ref.ruc, ref.type, ref.series, ref.number)}`, GuideResponseSchema);
      return res.data;
    },
    async guideXml(ref) {
      const res = await query(`/v2/authority/guia/xml/${seg(ref.ruc, ref.type, ref.series, ref.number)}`, GuideXmlResponseSchema);
      return res.data;
    },
    async receipt(kind, ref) {
      const res = ensureSuccess(
        await query(`/v1/authority/${kind}/${seg(ref.ruc, ref.series, ref.number)}`, ReceiptRecordResponseSchema),
      );
      return res.data;
    },
  };
}
