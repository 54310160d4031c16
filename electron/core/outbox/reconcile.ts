// Gathering the evidence for table B of verdict.ts: the number is registered at SUNAT (a 1033 on a send, or a CDR
// found by the back office's query). What SUNAT's record holds is compared field by field with our payload; with SOL
// credentials the CDR is asked for too. Every query that fails becomes "unavailable" evidence, never a verdict: wrong
// SOL credentials fall back to the record's state.
import type { Invoice, ReceiptRecord } from '../../../shared/api';
import { isApiError, type ApiClient } from '../api';
import { readCdrZip, type CdrInfo } from '../cdr';
import type { AuthorityAnswer, SendOutcome } from './outcome';
import { receiptStateOf } from './receipt-state';
import { compareRecord, type FieldEvidence } from './record-match';
import { decide, type CdrEvidence, type RegisteredEvidence } from './verdict';

/** Tax-portal credentials for the CDR query, when the user chose to keep them. */
export interface PortalCredentials {
  usuario: string;
  password: string;
}

export interface ReconcileDeps {
  api: ApiClient;
  portalCredentials: () => PortalCredentials | undefined;
}

/** The document being sent: its exact payload, and whether an earlier attempt may have reached the API. */
export interface ReconcileTarget {
  payload: string;
  /** Durably recorded before this attempt: a send got no answer, or a crash cut one short (documents.uncertain). */
  sentBefore: boolean;
  /** Sends of this document so far, this one included. */
  sends?: number;
}

/** The API said the number is already registered (1033 and kin): gather the evidence and decide (table B). */
export async function reconcile(target: ReconcileTarget, deps: ReconcileDeps): Promise<SendOutcome> {
  const invoice = JSON.parse(target.payload) as Invoice;
  const evidence = await gatherEvidence(invoice, target.sentBefore, deps.api, deps.portalCredentials());
  return decide(target.sends === undefined ? evidence : { ...evidence, sends: target.sends });
}

/**
 * The record (always) and the CDR (with credentials, unless one is given). The record is asked first: a record that
 * differs decides alone (B1), and no CDR query is spent on it.
 */
export async function gatherEvidence(
  invoice: Invoice,
  possiblySent: boolean,
  api: ApiClient,
  creds: PortalCredentials | undefined,
  given?: { zip: string; cdr: CdrInfo },
): Promise<RegisteredEvidence> {
  const label = `${invoice.serie}-${invoice.correlativo}`;
  const found = await recordOf(invoice, api);
  const record: RegisteredEvidence['record'] =
    found.kind === 'record'
      ? { checks: compareRecord(found.record, invoice), state: receiptStateOf(String(found.record.indicadorEstado ?? '')), indicator: String(found.record.indicadorEstado ?? '') }
      : found.kind;
  const evidence: RegisteredEvidence = { kind: 'registered', label, possiblySent, record, cdr: 'not_asked', ...(found.kind === 'unavailable' ? { why: found.why } : {}) };
  if (isNote(invoice)) evidence.noRecordQuery = true;
  if (typeof record !== 'string' && record.checks.some((c) => c.verdict === 'different')) return evidence;
  if (given) return { ...evidence, cdr: cdrEvidence(given.cdr, given.zip, invoice) };
  if (creds) evidence.cdr = await cdrOf(invoice, creds, api);
  return evidence;
}

type RecordLookup = { kind: 'record'; record: ReceiptRecord } | { kind: 'not_found' } | { kind: 'unavailable'; why: string };

async function recordOf(invoice: Invoice, api: ApiClient): Promise<RecordLookup> {
  // A credit or debit note has no record query in the API document: nothing found, so table B's rows for
  // a record 'not_found' apply: B11 (requiere atención, checked again; never re-issue) unless the CDR rejects it (B4)
  // or, for a note this till may have sent, names its number and customer and accepts it (B11n).
  if (isNote(invoice)) return { kind: 'not_found' };
  const kind = invoice.tipo_Doc === '01' ? 'factura' : 'boleta';
  try {
    const record = await api.receipt(kind, { ruc: invoice.empresa_Ruc, series: invoice.serie, number: String(Number(invoice.correlativo)) });
    return { kind: 'record', record };
  } catch (e) {
    if (isApiError(e) && e.kind === 'not_found') return { kind: 'not_found' };
    return { kind: 'unavailable', why: isApiError(e) ? e.message : 'error inesperado' };
  }
}

const isNote = (invoice: Invoice) => (invoice.tipo_Doc as string) === '07' || (invoice.tipo_Doc as string) === '08';

/** Same series and number, whatever the zero padding ('F001-1' = 'F001-00000001'); absent when the CDR names none. */
function referenceEvidence(referenceId: string, invoice: Invoice): FieldEvidence {
  if (!referenceId.trim()) return 'absent';
  const m = /^\s*([A-Z0-9]{4})-0*(\d+)\s*$/i.exec(referenceId);
  return m && m[1]?.toUpperCase() === invoice.serie.toUpperCase() && Number(m[2]) === Number(invoice.correlativo) ? 'same' : 'different';
}

/** The customer the CDR names ('6-20...' or just the number), compared by number; absent when it names none. */
function recipientEvidence(recipient: string | undefined, invoice: Invoice): FieldEvidence {
  const number = recipient?.includes('-') ? recipient.slice(recipient.indexOf('-') + 1) : recipient;
  if (!number?.trim() || number.trim() === '-') return 'absent';
  return number.trim() === invoice.cliente_Num_Doc.trim() ? 'same' : 'different';
}

/** What a CDR says about our document: its verdict, and whether it names our number and our customer. */
export function cdrEvidence(cdr: CdrInfo, zip: string, invoice: Invoice): CdrEvidence {
  const answer: AuthorityAnswer = { code: cdr.code, description: cdr.description, notes: cdr.notes, cdrZip: zip };
  return { answer, reference: referenceEvidence(cdr.referenceId, invoice), recipient: recipientEvidence(cdr.recipient, invoice) };
}

/** The CDR query. Any failure (wrong SOL credentials, a broken zip, no answer) is unavailable evidence. */
async function cdrOf(invoice: Invoice, creds: PortalCredentials, api: ApiClient): Promise<RegisteredEvidence['cdr']> {
  try {
    const res = await api.cdr({
      ruc: invoice.empresa_Ruc,
      usuario: creds.usuario,
      password: creds.password,
      proveedor: invoice.empresa_Ruc,
      tipo_doc: invoice.tipo_Doc,
      serie: invoice.serie,
      correlativo: String(Number(invoice.correlativo)),
    });
    if (!res.success || !res.data) return 'not_found';
    return cdrEvidence(await readCdrZip(res.data), res.data, invoice);
  } catch (e) {
    return isApiError(e) && e.kind === 'not_found' ? 'not_found' : 'unavailable';
  }
}
