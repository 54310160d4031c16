import type { z } from 'zod';
import { isSecureApiUrl } from '../../../shared/validation/api-url';
import { ApiError } from './errors';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  token: string;
  /** Body already serialised: the outbox sends the stored payload byte-for-byte. */
  body?: string;
  timeoutMs: number;
  /** The most bytes of answer read before it is cut and refused (default MAX_ANSWER_BYTES). */
  maxBytes?: number;
}

/**
 * The largest answer read from the API. Every documented answer is small: a send result carries one CDR
 * zip in base64 (SUNAT's are 2-10 KB; the largest CDR the reader accepts, cdr/limits.ts, is 1 MB of zip), a guide's
 * XML a few tens of KB. 4 MiB leaves wide room, and a wrong or hostile server can no longer fill the memory.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The answer was cut at `limit` bytes: never parsed, never stored. */
export class AnswerTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`answer larger than ${limit} bytes`);
  }
}

/**
 * The body as text, read as a stream and cut at `limit` bytes (a Content-Length above it is refused before reading).
 * UTF-8 with replacement, as Response#text() decodes.
 */
export async function readBodyCapped(res: Response, limit: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    throw new AnswerTooLarge(limit);
  }
  if (!res.body) return '';
  // A declared length within the limit bounds the body (HTTP framing reads that many bytes, no more): read it whole,
  // without the per-chunk stream reader (every send of a backlog drain reads one such answer).
  if (Number.isFinite(declared) && res.headers.has('content-length') && !res.headers.has('content-encoding')) return res.text();
  const reader = res.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limit) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge(limit);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

const MAX_MESSAGE = 300;
/** Request Timeout, Too Early, Too Many Requests: try again later (RFC 9110 §15.5.9, RFC 8470 §5.2, RFC 6585 §4). */
const RETRYABLE = new Set([408, 425, 429]);
/** A Retry-After longer than this is capped: the outbox's own backoff takes over. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** Retry-After is delay-seconds or an HTTP-date (RFC 9110 §10.2.3). Undefined when absent or unreadable. */
export function retryAfterOf(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - nowMs;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/** One HTTP exchange with the API: bearer header, timeout, status classification, JSON + schema check. */
export async function requestJson<S extends z.ZodType>(
  fetchImpl: FetchLike,
  req: HttpRequest,
  schema: S,
  /** Runs on the parsed JSON before the schema (the dialect mapping); may throw an ApiError. */
  prepare: (json: unknown) => unknown = (json) => json,
): Promise<z.infer<S>> {
  // The token never travels in clear: an http:// address stored before the settings refused it is not
  // called. 'network': the document stays pending, is never lost, and goes once the address is corrected.
  if (!isSecureApiUrl(req.url)) {
    throw new ApiError('network', 'La dirección de la API no es segura (http://): corríjala en Ajustes a una que empiece con https://.');
  }
  const headers: Record<string, string> = { Authorization: `Bearer ${req.token}`, Accept: 'application/json' };
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  const signal = AbortSignal.timeout(req.timeoutMs);
  let res: Response;
  let text: string;
  try {
    res = await fetchImpl(req.url, { method: req.method, headers, body: req.body, signal });
    text = await readBodyCapped(res, req.maxBytes ?? MAX_ANSWER_BYTES);
  } catch (e) {
    if (e instanceof AnswerTooLarge) {
      throw new ApiError('malformed', `La API respondió demasiado (más de ${megabytes(e.limit)}): la respuesta se descartó sin leerla.`);
    }
    if (signal.aborted) throw new ApiError('timeout', `La API no respondió en ${Math.round(req.timeoutMs / 1000)} s.`);
    throw new ApiError('network', `Sin conexión con la API: ${plainNetworkReason(describe(e))}.`);
  }
  if (res.status === 401 || res.status === 403) {
    throw new ApiError('auth', 'La API rechazó el token de acceso. Revise el token en Ajustes.', res.status);
  }
  if (res.status === 404) throw new ApiError('not_found', messageOf(text) ?? 'No se encontraron resultados.', 404);
  if (RETRYABLE.has(res.status) || res.status >= 500) {
    const retryAfterMs = retryAfterOf(res.headers.get('retry-after'), Date.now());
    throw new ApiError('server', `La API falló temporalmente (HTTP ${res.status}).`, res.status, retryAfterMs);
  }
  if (res.status >= 400) {
    throw new ApiError('invalid', messageOf(text) ?? `La API rechazó la solicitud (HTTP ${res.status}).`, res.status);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError('malformed', 'La API respondió algo que no es JSON.', res.status);
  }
  const parsed = schema.safeParse(prepare(json));
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 3)
      .map((i) => i.path.join('.') || '(raíz)')
      .join(', ');
    throw new ApiError('malformed', `La respuesta de la API no tiene el formato esperado (${where}).`, res.status);
  }
  return parsed.data;
}

function messageOf(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
      return body.message.slice(0, MAX_MESSAGE);
    }
  } catch {
    // not JSON: fall through
  }
  return undefined;
}

/**
 * A network failure in the cashier's words. The codes are Node's and undici's (Node "Common system errors";
 * undici's UND_ERR_* error codes); the code itself stays in the logs, not on the screen.
 */
export function plainNetworkReason(code: string): string {
  if (/^(ENOTFOUND|EAI_AGAIN)$/.test(code)) return 'no hay internet o no se encuentra la dirección del servicio';
  if (code === 'ECONNREFUSED') return 'el servicio no acepta conexiones en esa dirección';
  if (/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/.test(code)) return 'la conexión se cortó antes de recibir la respuesta';
  if (/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)$/.test(code)) return 'la conexión tardó demasiado';
  if (/^(ENETUNREACH|EHOSTUNREACH|ENETDOWN)$/.test(code)) return 'no hay red (revise el cable o el wifi)';
  if (/CERT|SSL|TLS/i.test(code)) return 'la conexión segura falló (revise la fecha y hora de la PC)';
  return 'no se pudo llegar al servicio (revise internet)';
}

function describe(e: unknown): string {
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e;
  if (cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return cause instanceof Error ? cause.message : String(cause);
}
