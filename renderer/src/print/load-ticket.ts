// The data of a print job, through the bridge: a local document (its detail and the issuer's names from Ajustes)
// or a boleta/factura record from the lookups.
import type { PrintView } from '../../print/print-job';
import { ticketFromDocument, ticketFromRecord, type TicketData } from '../../print/ticket-data';
import { call } from '../pos';

export async function loadTicket(view: PrintView): Promise<{ ok: true; data: TicketData } | { ok: false; error: string }> {
  const { source } = view;
  if (source.kind === 'record') {
    const record = await call((api) => api.lookupReceipt(source.lookup));
    return record.ok ? { ok: true, data: ticketFromRecord(record.value) } : { ok: false, error: record.error.message };
  }
  const [detail, settings] = await Promise.all([call((api) => api.getDocument({ id: source.id })), call((api) => api.getSettings({}))]);
  if (!detail.ok) return { ok: false, error: detail.error.message };
  if (!settings.ok) return { ok: false, error: settings.error.message };
  const options = { copy: view.copy, ...(view.cashReceived ? { cashReceived: view.cashReceived } : {}) };
  return { ok: true, data: ticketFromDocument(detail.value, settings.value.company, options) };
}

/** The PDF's default name: RUC-TT-SERIE-NUMERO. */
export function printName(data: TicketData): string {
  return `${data.issuer.ruc}-${data.docType}-${data.series}-${data.number}`;
}
