/** Typed failures of the invoicing API client. Messages are Spanish: they may reach the cashier. */
export type ApiErrorKind =
  | 'network' // no connection, DNS, connection reset: the request may or may not have arrived
  | 'timeout' // no answer in time: the request may have been processed
  | 'auth' // 401/403: the token is missing, wrong or expired
  | 'invalid' // 400 (and other 4xx): the API refused the request; nothing was processed
  | 'not_found' // 404 on a lookup
  | 'server' // 5xx or 429: the API failed; retry later
  | 'malformed'; // an answer that is not the documented shape

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }

  /** True when the request may have reached the API and been processed although we got no usable answer. */
  get ambiguous(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'malformed';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
