import Decimal from 'decimal.js';
import type { Invoice } from '../../../shared/api';
import { isApiError, type ApiClient } from '../api';
import { readCdrZip } from '../cdr';
import { statusOfCode, type SendOutcome } from './outcome';

/** Tax-portal credentials for the CDR query, when the user chose to keep them. */
export interface PortalCredentials {
  usuario: string;
  password: string;
}

export interface ReconcileDeps {
  api: ApiClient;
  portalCredentials: () => PortalCredentials | undefined;
}

/**
 * The API said the number is already registered (1033 and kin). That is our own earlier declaration when an attempt
 * got no answer, or a real conflict. Ask the authority what it holds for this number and record the real outcome;
 * never declare again under another number without telling the user.
 */
export async function reconcile(payloadText: string, deps: ReconcileDeps): Promise<SendOutcome> {
  const invoice = JSON.parse(payloadText) as Invoice;
  const creds = deps.portalCredentials();
  try {
    if (creds) return await viaCdrQuery(invoice, creds, deps.api);
    return await viaReceiptLookup(invoice, deps.api);
  } catch (e) {
    const why = isApiError(e) ? e.message : 'error inesperado';
    return {
      kind: 'retry',
      ambiguous: true,
      message: `El número ya figura registrado y no se pudo confirmar con SUNAT (${why}). Se volverá a consultar.`,
    };
  }
}

async function viaCdrQuery(invoice: Invoice, creds: PortalCredentials, api: ApiClient): Promise<SendOutcome> {
  const res = await api.cdr({
    ruc: invoice.empresa_Ruc,
    usuario: creds.usuario,
    password: creds.password,
    proveedor: invoice.empresa_Ruc,
    tipo_doc: invoice.tipo_Doc,
    serie: invoice.serie,
    correlativo: invoice.correlativo,
  });
  if (!res.success || !res.data) {
    return { kind: 'retry', ambiguous: true, message: `Número ya registrado; la consulta de CDR no lo encontró: ${res.message}` };
  }
  const cdr = await readCdrZip(res.data);
  const status = statusOfCode(cdr.code);
  if (!status || status === 'invalid') {
    return { kind: 'retry', ambiguous: true, message: `CDR con código ${cdr.code}: ${cdr.description}` };
  }
  return {
    kind: 'final',
    status,
    message: `Conciliado por consulta de CDR: ${cdr.code} - ${cdr.description}`,
    answer: { code: cdr.code, description: cdr.description, notes: cdr.notes, cdrZip: res.data },
  };
}

async function viaReceiptLookup(invoice: Invoice, api: ApiClient): Promise<SendOutcome> {
  const kind = invoice.tipo_Doc === '01' ? 'factura' : 'boleta';
  const record = await api.receipt(kind, { ruc: invoice.empresa_Ruc, series: invoice.serie, number: invoice.correlativo });
  const sameTotal = new Decimal(record.montoTotalGeneral).equals(new Decimal(invoice.monto_Imp_Venta));
  const sameCustomer = record.numeroDocumentoCliente.trim() === invoice.cliente_Num_Doc.trim();
  if (sameTotal && sameCustomer) {
    return {
      kind: 'final',
      status: 'accepted',
      message: 'Conciliado: SUNAT ya tenía registrado este comprobante con los mismos datos.',
      answer: {
        code: '0',
        description: 'Registrado previamente (conciliado por consulta de comprobante); el CDR puede obtenerse en Consultas.',
        notes: [],
      },
    };
  }
  return {
    kind: 'final',
    status: 'rejected',
    message: 'El número ya fue registrado en SUNAT con otros datos (1033). Emita un nuevo comprobante.',
    answer: { code: '1033', description: 'El comprobante fue registrado previamente con otros datos', notes: [] },
  };
}
