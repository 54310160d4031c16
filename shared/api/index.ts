// Zod schemas of every request and response of the invoicing API (docs/api/invoicing-api.md).
// One source of truth: the renderer, the bridge, the core client and the sandbox server import these.
export {
  countDecimals,
  decimalNumber,
  money,
  unitAmount,
  quantity,
  percentage,
  icbperFactor,
  isoDateTimeWithOffset,
  statusCode,
  base64Text,
  numericString,
  dayMonthYearOrDash,
  MAX_AMOUNT_EXCLUSIVE,
} from './common';
export {
  InvoiceSchema,
  InvoiceLineSchema,
  PaymentSchema,
  LegendSchema,
  INVOICE_DOC_TYPES,
  PAYMENT_TYPES,
  type Invoice,
  type InvoiceLine,
  type Payment,
  type Legend,
  type InvoiceDocType,
  type PaymentType,
} from './invoice';
export {
  SendResultSchema,
  ErrorBodySchema,
  AuthorityResponseSchema,
  CdrResponseSchema,
  type SendResult,
  type ErrorBody,
  type AuthorityResponse,
  type CdrResponse,
} from './send-result';
export { DniResponseSchema, CitizenSchema, type DniResponse, type Citizen } from './dni';
export {
  CdrQueryRequestSchema,
  CdrQueryResponseSchema,
  type CdrQueryRequest,
  type CdrQueryResponse,
} from './cdr-query';
export {
  GuideResponseSchema,
  GuideSchema,
  GuideIssueSchema,
  GuideIssuerSchema,
  GuideCancellationSchema,
  GuideAuditSchema,
  type GuideResponse,
  type Guide,
  type GuideIssue,
  type GuideIssuer,
  type GuideCancellation,
  type GuideAudit,
} from './guide';
export {
  GuideTransferSchema,
  GuideGoodsItemSchema,
  GuideAddressSchema,
  GuideVehicleSchema,
  GuideDriverSchema,
  GuidePartySchema,
  type GuideTransfer,
  type GuideGoodsItem,
  type GuideAddress,
  type GuideVehicle,
  type GuideDriver,
  type GuideParty,
} from './guide-transfer';
export { GuideXmlResponseSchema, type GuideXmlResponse } from './guide-xml';
export {
  ReceiptRecordResponseSchema,
  ReceiptRecordSchema,
  ReceiptRecordLineSchema,
  type ReceiptRecordResponse,
  type ReceiptRecord,
  type ReceiptRecordLine,
} from './receipt-record';
export { PROVIDERS, authoritySegment, toDocumentNames, toRealNames, type Provider } from './dialect';
export { RucInfoSchema, RucInfoResponseSchema, taxpayerWarning, type RucInfo } from './ruc';
export { NoteSchema, NOTE_DOC_TYPES, affectedNumber, type Note } from './note';
export { ExchangeRateDataSchema, ExchangeRateResponseSchema, type ExchangeRateData } from './exchange-rate';
