// The simulated tax authority: validation rules -> outcome. Pure and deterministic.
//
// Rules, checked in this order (the first that applies decides, except observations which accumulate):
//  1. Series/number format for the document type (isValidSeries: F… for 01, B… for 03; number
//     1–8 digits, not 0) -> EXCEPTION 1001: not processed, nothing registered, no CDR (cdrZip '').
//  2. Factura whose customer document type is not '6' (RUC) -> REJECTED 2800.
//  3. Factura with customer type '6' whose RUC fails the check digit -> REJECTED 2017.
//  4. Line IGV ≠ base × rate beyond ±1 -> REJECTED 3103 (factura and boleta alike).
//  5. Totals beyond ±1, recomputed from the lines (see totals.ts):
//       Σ monto_Valor_Venta vs valor_Venta                  factura REJECTED 3278 | boleta note 4309
//       Σ igv vs monto_Igv                                  factura REJECTED 3291 | boleta note 4290
//       valor_Venta + total_Impuestos vs sub_Total          factura REJECTED 3279 | boleta note 4310
//       valor_Venta + total_Impuestos vs monto_Imp_Venta    factura REJECTED 3280 | boleta note 4312
//     A factura is rejected with the FIRST failing check; a boleta is accepted with code '0' and one note per
//     failing check ("4290 - El cálculo del IGV es Incorrecto").
//  5b. Factura received more than 3 days after its issue day (Lima calendar, docs/sunat/reference.md §5) -> REJECTED 2108.
//  6. Boleta whose customer type is '1' (DNI) and the number is not 8 digits -> ACCEPTED with response code '4207'
//     (an observation used as the response code) and the note "4207 - El DNI debe tener 8 caracteres numéricos".
//  7. Otherwise ACCEPTED, code '0', no notes.
// Duplicates (1032/1033) depend on what is already registered: see registry.ts and send.ts.
import type { Invoice } from '../../shared/api';
import { limaDate, limaDateOf } from '../../shared/catalog';
import { isValidRuc, isValidSeries, isValidCorrelative } from '../../shared/ids';
import { checkTotals } from './totals';

export type AuthorityOutcome =
  | { kind: 'accepted'; code: string; notes: string[] }
  | { kind: 'rejected'; code: string; description: string; notes: string[] }
  | { kind: 'exception'; code: string; description: string };

export const EXCEPTION_TEXTS = {
  '1001': 'ID - El dato SERIE-CORRELATIVO no cumple con el formato de acuerdo al tipo de comprobante',
  '1032': 'El comprobante ya esta informado y se encuentra con estado anulado o rechazado',
  '1033': 'El comprobante fue registrado previamente con otros datos',
} as const;

const DNI_NOTE = '4207 - El DNI debe tener 8 caracteres numéricos';

/** Calendar days a factura may take to reach the authority after its issue day (docs/sunat/reference.md §5). */
const FACTURA_DEADLINE_DAYS = 3;

export function evaluateInvoice(invoice: Invoice, receivedAt: Date = new Date()): AuthorityOutcome {
  const docType = invoice.tipo_Doc;
  if (
    (docType !== '01' && docType !== '03') ||
    !isValidSeries(docType, invoice.serie) ||
    !isValidCorrelative(invoice.correlativo)
  ) {
    return { kind: 'exception', code: '1001', description: EXCEPTION_TEXTS['1001'] };
  }
  const isFactura = docType === '01';

  if (isFactura && invoice.cliente_Tipo_Doc !== '6') {
    return reject('2800', 'El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.');
  }
  if (isFactura && !isValidRuc(invoice.cliente_Num_Doc)) {
    return reject('2017', 'El numero de documento de identidad del receptor debe ser RUC');
  }

  const issues = checkTotals(invoice);
  const blocking = issues.find((i) => isFactura || i.boletaCode === undefined);
  if (blocking) return reject(blocking.facturaCode, blocking.facturaText);

  if (isFactura && daysLate(invoice.fecha_Emision, receivedAt) > FACTURA_DEADLINE_DAYS) {
    return reject('2108', 'Presentacion fuera de fecha');
  }

  const notes = issues.map((i) => `${i.boletaCode} - ${i.boletaText}`);
  if (!isFactura && invoice.cliente_Tipo_Doc === '1' && !/^\d{8}$/.test(invoice.cliente_Num_Doc)) {
    return { kind: 'accepted', code: '4207', notes: [DNI_NOTE, ...notes] };
  }
  return { kind: 'accepted', code: '0', notes };
}

/** Whole Lima calendar days between the issue day and the day of reception. */
function daysLate(issuedAt: string, receivedAt: Date): number {
  const issueDay = limaDateOf(issuedAt);
  if (!issueDay) return 0;
  return Math.round((Date.parse(`${limaDate(receivedAt)}T00:00:00Z`) - Date.parse(`${issueDay}T00:00:00Z`)) / 86_400_000);
}

function reject(code: string, description: string): AuthorityOutcome {
  return { kind: 'rejected', code, description, notes: [] };
}
