// What a till reads from the shop server is bounded in the query itself: node-postgres reads each row
// whole, so the limit must be in the SQL. Names and codes are cut with left() at sizes past anything a till writes
// (the bridge's own limits); the large columns (CDR XML, the sent payload, the JSON lists) come back only within a
// maximum, else NULL or an empty list, so another till's broken or hostile row cannot fill this one's memory.
import { CDR_XML_MAX_CHARS } from '../cdr';

export const SHOP_BOUNDS = {
  /** Customer names (SUNAT: 1500 for a razón social; the till takes far less), descriptions. */
  longText: 1500,
  /** Cashier, till and user names (40-60 at the bridge). */
  name: 100,
  /** Codes, numbers, series, statuses, ids, timestamps. */
  code: 64,
  /** A CDR as this till would store it (cdr/read-cdr-zip.ts). */
  cdrXmlChars: CDR_XML_MAX_CHARS,
  /** The sent Invoice JSON: a sale of hundreds of lines is some hundred KB. */
  payloadBytes: 2 * 1024 * 1024,
  /** Payments, discounts and events of one document; a shared setting's value. */
  jsonBytes: 256 * 1024,
  /** Rows of one sales report: a month of a busy shop is some tens of thousands. */
  reportRows: 500_000,
} as const;

/** `column` cut to `max` characters, as `alias`. */
export const clip = (column: string, max: number, alias: string): string => `left(${column}, ${max}) AS ${alias}`;

/** A JSON column within SHOP_BOUNDS.jsonBytes, else `fallback`. */
export const boundedJson = (column: string, alias: string, fallback = `'[]'::jsonb`): string =>
  `CASE WHEN octet_length(${column}::text) <= ${SHOP_BOUNDS.jsonBytes} THEN ${column} ELSE ${fallback} END AS ${alias}`;
