/** Typed failures of the invoicing API client. Messages are Spanish: they may reach the cashier. */
export type ApiErrorKind =
  | 'network' // no connection, DNS, connection reset: the request may or may not have arrived
  | 'timeout' // no answer in time: the request may have been processed
  | 'auth' // 401/403: the token is missing, wrong or expired
  | 'invalid' // 400 (and other unexpected 4xx): the API refused the request; nothing was processed
  | 'not_found' // 404 on a lookup
  | 'server' // 408, 425, 429 or 5xx: the API failed or asked to slow down; retry later (Retry-After honoured)
  | 'malformed'; // an answer that is not the documented shape

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    /** From a Retry-After header: wait at least this long before the next attempt. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /**
   * True when the request may have reached the API and been processed although we got no usable answer.
   * 408 and 5xx (502/503/504 from a proxy included) may come after the API processed the request; 425 and 429 are
   * refusals before processing (RFC 8470 §5.2, RFC 6585 §4).
   */
  get ambiguous(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout' || this.kind === 'malformed') return true;
    return this.kind === 'server' && this.status !== 425 && this.status !== 429;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
