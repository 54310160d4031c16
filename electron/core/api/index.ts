export { createApiClient, type ApiClient, type ApiClientOptions, type ApiConfig, type GuideRef, type ReceiptRef } from './client';
export { ApiError, isApiError, type ApiErrorKind } from './errors';
export type { FetchLike } from './http';
