import {
  CdrQueryResponseSchema,
  DniResponseSchema,
  ExchangeRateResponseSchema,
  type ExchangeRateData,
  GuideResponseSchema,
  GuideXmlResponseSchema,
  ReceiptRecordResponseSchema,
  RucInfoResponseSchema,
  SendResultSchema,
  type RucInfo,
  type CdrQueryRequest,
  type CdrQueryResponse,
  type Citizen,
  type Guide,
  type ReceiptRecord,
  type SendResult,
  authoritySegment,
  toDocumentNames,
  type Provider,
} from '../../../shared/api';
import { ApiError } from './errors';
import { requestJson, type FetchLike } from './http';

export interface ApiConfig {
  /** Base of the send operation; ends with /api/v1. */
  billingBaseUrl: string;
  /** Base of the query operations; their paths carry /v1 or /v2. */
  queryBaseUrl: string;
  token: string;
  /** Token of the query API when it differs from the billing one (each may answer 401 to the other's). */
  queryToken?: string;
  /** Which names the server speaks (shared/api/dialect.ts); default 'document'. Answers are read in either. */
  provider?: Provider;
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
  /**
   * A credit or debit note: `POST {billing}/note/send`, the same path under both dialects
   * (docs/api/provider-factiliza.md, "Credit and debit notes", ×3). The answer is shaped like the invoice's and read
   * the same way (a 200 with `success: false` and no authority answer is 'invalid').
   */
  sendNote(payload: string): Promise<SendResult>;
  /**
   * Voiding: a boleta through `POST {billing}/summary/cancel`, a factura through `POST {billing}/voided/cancel`,
   * the same paths under both dialects (docs/api/provider-factiliza.md, "Credit and debit notes, voiding", ×1 each).
   * `payload` is the stored request, sent unchanged; the answer is read like a send's.
   */
  sendVoid(endpoint: 'summary' | 'voided', payload: string): Promise<SendResult>;
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
  /** RUC lookup (real provider's shape and names: shared/api/ruc.ts). */
  ruc(ruc: string): Promise<RucInfo>;
  /** The day's exchange rate, `day` as YYYY-MM-DD (real provider's shape, read tolerantly: shared/api/exchange-rate.ts). */
  exchangeRate(day: string): Promise<ExchangeRateData>;
}

/**
 * A send answer in the document's names. The real provider may refuse a send with HTTP 200 and `success: false`
 * and no authority answer, as well as with HTTP 400 (docs/api/provider-factiliza.md, ×1): both mean "not declared, see the
 * message", so the first becomes the same 'invalid' error as the second.
 */
function readSendAnswer(json: unknown): unknown {
  const named = toDocumentNames(json);
  if (named && typeof named === 'object' && (named as { success?: unknown }).success === false) {
    const { data, message } = named as { data?: { authorityResponse?: unknown }; message?: unknown };
    if (!data || typeof data !== 'object' || data.authorityResponse === undefined) {
      const text = typeof message === 'string' && message ? message.slice(0, 300) : 'La API no aceptó el comprobante.';
      throw new ApiError('invalid', text, 200);
    }
  }
  return named;
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

  /** A query operation; `path` may hold '{authority}', the segment that differs between dialects. */
  async function query<S extends Parameters<typeof requestJson>[2]>(
    path: string,
    schema: S,
    body?: unknown,
    prepare: (json: unknown) => unknown = toDocumentNames,
  ) {
    const c = config();
    return requestJson(
      options.fetch,
      {
        method: body === undefined ? 'GET' : 'POST',
        url: `${trimSlash(c.queryBaseUrl)}${path.replace('{authority}', authoritySegment(c.provider ?? 'document'))}`,
        token: c.queryToken || c.token,
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: queryTimeoutMs,
      },
      schema,
      prepare,
    );
  }

  /** A send operation of the billing API: the stored payload, unchanged. */
  async function send(path: '/invoice/send' | '/note/send' | '/summary/cancel' | '/voided/cancel', payload: string): Promise<SendResult> {
    const c = config();
    return requestJson(
      options.fetch,
      { method: 'POST', url: `${trimSlash(c.billingBaseUrl)}${path}`, token: c.token, body: payload, timeoutMs: sendTimeoutMs },
      SendResultSchema,
      readSendAnswer,
    );
  }

  function ensureSuccess<T extends { success?: boolean; message?: string }>(res: T): T {
    if (res.success === false) throw new ApiError('not_found', res.message || 'No se encontraron resultados.');
    return res;
  }

  return {
    async sendInvoice(payload) {
      return send('/invoice/send', payload);
    },
    async sendNote(payload) {
      return send('/note/send', payload);
    },
    async sendVoid(endpoint, payload) {
      return send(endpoint === 'summary' ? '/summary/cancel' : '/voided/cancel', payload);
    },
    async dni(dni) {
      const res = ensureSuccess(await query(`/v1/dni/info/${encodeURIComponent(dni)}`, DniResponseSchema));
      return res.data;
    },
    async cdr(q) {
      return query('/v1/{authority}/cdr', CdrQueryResponseSchema, q);
    },
    async guide(ref) {
      const res = await query(`/v2/{authority}/guia/json/${seg(ref.ruc, ref.type, ref.series, ref.number)}`, GuideResponseSchema);
      return res.data;
    },
    async guideXml(ref) {
      const res = await query(`/v2/{authority}/guia/xml/${seg(ref.ruc, ref.type, ref.series, ref.number)}`, GuideXmlResponseSchema);
      return res.data;
    },
    async ruc(ruc) {
      const res = ensureSuccess(await query(`/v1/ruc/info/${encodeURIComponent(ruc)}`, RucInfoResponseSchema, undefined, (json) => json));
      return res.data;
    },
    async exchangeRate(day) {
      const res = ensureSuccess(await query(`/v1/tipocambio/info/dia?fecha=${encodeURIComponent(day)}`, ExchangeRateResponseSchema, undefined, (json) => json));
      return res.data;
    },
    async receipt(kind, ref) {
      const res = ensureSuccess(
        await query(`/v1/{authority}/${kind}/${seg(ref.ruc, ref.series, ref.number)}`, ReceiptRecordResponseSchema),
      );
      return res.data;
    },
  };
}
