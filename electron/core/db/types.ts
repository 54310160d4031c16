// Row types of the local store. Column names are snake_case, exactly as in migrations/0001_init.sql.
import type Database from 'better-sqlite3';
import { DOC_STATUSES, type DocStatus } from '../../../shared/bridge/status';

/** An open local store. Built by openDatabase(); close() is idempotent. */
export interface Db {
  sqlite: Database.Database;
  /** The file path, or ':memory:'. */
  path: string;
  close(): void;
}

/** Injected clock. Every timestamp written by a repository is `now().toISOString()` (UTC). */
export type Clock = () => Date;

/** The statuses of a document (single source: shared/bridge/status; the SQL CHECK in 0001_init.sql repeats them). */
export const DOCUMENT_STATUSES = DOC_STATUSES;
export type DocumentStatus = DocStatus;

/** Boleta, factura, and since 0016 credit and debit notes. */
export type DocType = '01' | '03' | '07' | '08';

export const CUSTOMER_SOURCES = ['dni_lookup', 'ruc_lookup', 'sale', 'manual'] as const;
export type CustomerSource = (typeof CUSTOMER_SOURCES)[number];

export interface SettingRow {
  key: string;
  /** JSON text. */
  value: string;
}

export interface SeriesRow {
  doc_type: DocType;
  series: string;
  last_number: number;
}

export interface DocumentRow {
  id: number;
  id_base_dato: string;
  doc_type: DocType;
  series: string;
  number: number;
  /** ISO date-time with offset, as sent in the payload. */
  issued_at: string;
  /** Lima calendar date YYYY-MM-DD, for range queries. */
  issue_date: string;
  currency: string;
  customer_doc_type: string;
  customer_doc_number: string;
  customer_name: string;
  /** Decimal string, e.g. '118.00'. */
  total: string;
  /** Decimal string. */
  igv: string;
  /** The exact JSON that is sent to the API. */
  payload: string;
  status: DocumentStatus;
  demo: 0 | 1;
  attempts: number;
  /** UTC ISO (toISOString) or null = due now. */
  next_attempt_at: string | null;
  last_error: string | null;
  last_attempt_at: string | null;
  /** 1 when a request may have reached the API and no answer came back. */
  uncertain: 0 | 1;
  hash: string | null;
  cdr_code: string | null;
  cdr_description: string | null;
  /** JSON array of strings; read it with cdrNotesOf(). */
  cdr_notes: string | null;
  cdr_zip: Buffer | null;
  cdr_xml: string | null;
  reprints: number;
  created_at: string;
  updated_at: string;
  accepted_at: string | null;
  /** The till's idempotency key of the sale (NULL for documents issued before migration 0003). */
  client_key: string | null;
  /** The document this one replaces (reissued under a new number after a conflict). */
  reissue_of: number | null;
  /** Who issued it (0007): null before users existed. */
  cashier_id: number | null;
  cashier_name: string | null;
  /** The cash session it was sold in (0008): null before sessions, or when none was required. */
  cash_session_id: number | null;
  /** Every discount of the sale together, and who approved it beyond the limit (0009). */
  discount_total: string | null;
  discount_approved_by: string | null;
  /** 1 when reconciled as accepted from the receipt record, without a CDR: "Obtener CDR" is offered. */
  cdr_missing: 0 | 1;
  /** A dollar document's exchange rate (soles per dollar, 3 decimals) its soles prices were converted at (0029). */
  exchange_rate: string | null;
}

/** A document without its heavy columns: what search() returns. */
export type DocumentSummary = Omit<DocumentRow, 'payload' | 'cdr_zip' | 'cdr_xml'>;

/** What insert() needs. Status defaults to 'pending', demo to false. */
export interface NewDocument {
  id_base_dato: string;
  doc_type: DocType;
  series: string;
  number: number;
  issued_at: string;
  issue_date: string;
  currency: string;
  customer_doc_type: string;
  customer_doc_number: string;
  customer_name: string;
  total: string;
  igv: string;
  payload: string;
  status?: DocumentStatus;
  demo?: boolean;
  next_attempt_at?: string | null;
  client_key?: string | null;
  reissue_of?: number | null;
  /** Who issued it (0007); null when nobody was signed in (no users yet). */
  cashier_id?: number | null;
  cashier_name?: string | null;
  cash_session_id?: number | null;
  discount_total?: string | null;
  discount_approved_by?: string | null;
  exchange_rate?: string | null;
}

/**
 * A status change. Omitted (undefined) fields are left as they are; null clears a nullable column.
 * Timestamps must be UTC ISO strings (Date#toISOString) so that they compare as text.
 */
export interface StatusPatch {
  status: DocumentStatus;
  attempts?: number;
  next_attempt_at?: string | null;
  last_error?: string | null;
  last_attempt_at?: string | null;
  uncertain?: boolean | 0 | 1;
  hash?: string | null;
  cdr_code?: string | null;
  cdr_description?: string | null;
  /** A list, or its JSON text. */
  cdr_notes?: string[] | string | null;
  cdr_zip?: Uint8Array | null;
  cdr_xml?: string | null;
  accepted_at?: string | null;
  cdr_missing?: boolean | 0 | 1;
}

export interface DocumentEventRow {
  id: number;
  document_id: number;
  at: string;
  from_status: DocumentStatus | null;
  to_status: DocumentStatus;
  detail: string | null;
  repeats: number;
  last_at: string | null;
}

export interface DocumentSearchFilter {
  /** Inclusive issue_date range, YYYY-MM-DD. */
  from?: string;
  to?: string;
  docType?: DocType;
  series?: string;
  number?: number;
  /** Prefix match on the customer's name (accents ignored) OR exact customer document number. */
  customer?: string;
  /** One status, or 'needs_attention': attention, conflict, rejected and invalid ones not yet re-issued. */
  status?: DocumentStatus | 'needs_attention';
  /** Default 100, at most 500. */
  limit?: number;
  offset?: number;
}

export interface CustomerRow {
  id: number;
  doc_type: string;
  doc_number: string;
  name: string;
  address: string;
  source: CustomerSource;
  updated_at: string;
}

export interface CustomerInput {
  docType: string;
  docNumber: string;
  name: string;
  /** '' or omitted keeps the address already stored. */
  address?: string;
  source: CustomerSource;
}

export interface LookupRow<T = unknown> {
  kind: string;
  key: string;
  /** Parsed JSON of what was stored with put(). */
  response: T;
  fetched_at: string;
}
