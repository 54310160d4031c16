import type { Invoice, ReceiptRecord } from '../../../shared/api';
import { isApiError, type ApiClient } from '../api';
import { readCdrZip } from '../cdr';
import { finalStatusOf, type SendOutcome } from './outcome';
import { receiptStateOf, RECEIPT_STATE_TEXT } from './receipt-state';
import { recordDifferences } from './record-match';

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
}

/**
 * The API said the number is already registered (1033 and kin). That is our own earlier declaration only when an
 * earlier attempt may have reached the API AND what SUNAT holds is what we sent (issues 12 and 16). Otherwise the
 * number is taken by another document: a conflict, never "accepted". The final status comes from the CDR when the
 * portal credentials allow a CDR query; without them the record's state must say "accepted", and the document is
 * marked as reconciled without a CDR.
 */
export async function reconcile(target: ReconcileTarget, deps: ReconcileDeps): Promise<SendOutcome> {
  const invoice = JSON.parse(target.payload) as Invoice;
  const label = `${invoice.serie}-${invoice.correlativo}`;
  if (!target.sentBefore) {
    return {
      kind: 'conflict',
      message:
        `El número ${label} ya figura registrado en SUNAT, pero este comprobante nunca se había enviado: ` +
        'el número está ocupado por otro comprobante. Reemítalo con un número nuevo.',
    };
  }
  try {
    const record = await recordOf(invoice, deps.api);
    if (record) {
      const diffs = recordDifferences(record, invoice);
      if (diffs.length > 0) {
        return {
          kind: 'conflict',
          message:
            `El número ${label} está registrado en SUNAT con otros datos (${diffs.join(', ')}): ` +
            'el número está ocupado por otro comprobante. Reemítalo con un número nuevo.',
        };
      }
    }
    const creds = deps.portalCredentials();
    if (creds) {
      const viaCdr = await viaCdrQuery(invoice, creds, deps.api, record !== undefined);
      if (viaCdr) return viaCdr;
    }
    if (!record) {
      return {
        kind: 'attention',
        recheck: true,
        ambiguous: true,
        message:
          `SUNAT tiene registrado el número ${label}, pero la consulta no muestra el comprobante como válido ` +
          '(puede haber sido rechazado, o aún no figura). Se volverá a consultar; con la clave SOL, use "Obtener CDR".',
      };
    }
    return fromRecordState(record, label);
  } catch (e) {
    const why = isApiError(e) ? e.message : 'error inesperado';
    return {
      kind: 'retry',
      ambiguous: true,
      message: `El número ya figura registrado y no se pudo confirmar con SUNAT (${why}). Se volverá a consultar.`,
    };
  }
}

async function recordOf(invoice: Invoice, api: ApiClient): Promise<ReceiptRecord | undefined> {
  const kind = invoice.tipo_Doc === '01' ? 'factura' : 'boleta';
  try {
    return await api.receipt(kind, { ruc: invoice.empresa_Ruc, series: invoice.serie, number: invoice.correlativo });
  } catch (e) {
    if (isApiError(e) && e.kind === 'not_found') return undefined;
    throw e;
  }
}

/** The record's content is ours: its state decides. Only "accepted" ends accepted, and then without a CDR. */
function fromRecordState(record: ReceiptRecord, label: string): SendOutcome {
  const state = receiptStateOf(record.indicadorEstado);
  if (state === 'accepted') {
    return {
      kind: 'final',
      status: 'accepted',
      cdrMissing: true,
      message: 'Conciliado: SUNAT ya tenía registrado este comprobante con los mismos datos (sin CDR).',
      answer: {
        code: '0',
        description: 'Registrado previamente; conciliado por consulta de comprobante, sin CDR. Use "Obtener CDR".',
        notes: [],
      },
    };
  }
  return {
    kind: 'attention',
    recheck: state === 'not_reported',
    ambiguous: true,
    message:
      `SUNAT tiene registrado el número ${label} con los datos de esta venta, pero ${RECEIPT_STATE_TEXT[state]} ` +
      `(indicador "${record.indicadorEstado}"). Obtenga el CDR con la clave SOL para conocer su resultado.`,
  };
}

/** Same series and number, whatever the zero padding ('F001-1' = 'F001-00000001'). */
function sameReference(referenceId: string, invoice: Invoice): boolean {
  const m = /^\s*([A-Z0-9]{4})-0*(\d+)\s*$/i.exec(referenceId);
  return !!m && m[1]?.toUpperCase() === invoice.serie.toUpperCase() && Number(m[2]) === Number(invoice.correlativo);
}

/** The customer the CDR names ('6-20...' or just the number), compared by number. */
function sameRecipient(recipient: string | undefined, invoice: Invoice): boolean {
  if (!recipient) return true;
  const number = recipient.includes('-') ? recipient.slice(recipient.indexOf('-') + 1) : recipient;
  return number.trim() === invoice.cliente_Num_Doc.trim();
}

async function viaCdrQuery(
  invoice: Invoice,
  creds: PortalCredentials,
  api: ApiClient,
  contentChecked: boolean,
): Promise<SendOutcome | undefined> {
  const res = await api
    .cdr({
      ruc: invoice.empresa_Ruc,
      usuario: creds.usuario,
      password: creds.password,
      proveedor: invoice.empresa_Ruc,
      tipo_doc: invoice.tipo_Doc,
      serie: invoice.serie,
      correlativo: invoice.correlativo,
    })
    .catch((e: unknown) => {
      if (isApiError(e) && e.kind === 'not_found') return undefined;
      throw e;
    });
  if (!res?.success || !res.data) return undefined;
  const cdr = await readCdrZip(res.data);
  if ((cdr.referenceId && !sameReference(cdr.referenceId, invoice)) || !sameRecipient(cdr.recipient, invoice)) {
    return {
      kind: 'conflict',
      message: `La constancia (CDR) del número ${invoice.serie}-${invoice.correlativo} corresponde a otro comprobante o cliente.`,
    };
  }
  const status = finalStatusOf(cdr.code, cdr.notes);
  if (!status || status === 'invalid') {
    return { kind: 'retry', ambiguous: true, message: `CDR con código ${cdr.code}: ${cdr.description}` };
  }
  // Accepted content must be proven ours by the record; a rejection burns the number whoever sent it.
  if (status !== 'rejected' && !contentChecked) return undefined;
  return {
    kind: 'final',
    status,
    message: `Conciliado por consulta de CDR: ${cdr.code} - ${cdr.description}`,
    answer: { code: cdr.code, description: cdr.description, notes: cdr.notes, cdrZip: res.data },
  };
}
