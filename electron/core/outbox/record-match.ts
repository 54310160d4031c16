// Is the record SUNAT holds for a number the document we sent? Compared field by field against our payload: type,
// series and number, issue date, customer, total and every line (code, description, quantity, unit price).
//
// Each field is 'same', 'different' or 'absent'. The API document (docs/api/invoicing-api.md §2.8, and
// docs/api/variations.md) lets the record write a missing date or text as "-", leave fields empty, and write line
// amounts as strings with whatever decimals the provider chooses. So:
// - a field the record does not carry ("-", empty, null, missing, unreadable) is 'absent', never 'different';
// - an amount is compared at the precision the record shows: "10.17" matches our 10.1695 (within half a unit of its
//   last digit, whichever way the provider rounded). Totals are JSON numbers, whose trailing zeros are lost, so they
//   are compared at two decimals at least.
import Decimal from 'decimal.js';
import type { Invoice, ReceiptRecord } from '../../../shared/api';

export type FieldEvidence = 'same' | 'different' | 'absent';

export interface FieldCheck {
  /** Spanish name of the field, as shown to the user. */
  label: string;
  verdict: FieldEvidence;
}

const isAbsentText = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && (v.trim() === '' || v.trim() === '-'));

function decimalOf(v: unknown): Decimal | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const text = String(v).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text) && !(typeof v === 'number' && Number.isFinite(v))) return undefined;
  try {
    return new Decimal(text);
  } catch {
    return undefined;
  }
}

/**
 * Theirs against ours at the precision theirs shows (at least `minDecimals`): within half a unit of its last place.
 * Absent when theirs is not a number.
 */
export function compareAmount(theirs: unknown, ours: string | number, minDecimals = 0): FieldEvidence {
  const t = decimalOf(theirs);
  const o = decimalOf(ours);
  if (!t || !o) return 'absent';
  const places = Math.max(t.decimalPlaces(), minDecimals);
  const halfUnit = new Decimal(10).pow(-places).div(2);
  return t.minus(o).abs().lte(halfUnit) ? 'same' : 'different';
}

/** Case, accents, punctuation and spacing do not make a different product name (the record may rewrite them). */
function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleUpperCase('es-PE')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function compareText(theirs: unknown, ours: string): FieldEvidence {
  if (isAbsentText(theirs) || typeof theirs !== 'string') return 'absent';
  return foldText(theirs) === foldText(ours) ? 'same' : 'different';
}

function compareExact(theirs: unknown, ours: string): FieldEvidence {
  if (isAbsentText(theirs)) return 'absent';
  return String(theirs).trim().toUpperCase() === ours.trim().toUpperCase() ? 'same' : 'different';
}

/** 'd/m/yyyy' (one or two digits) -> [day, month, year]; anything else is unreadable. */
function parseDayMonthYear(text: unknown): [number, number, number] | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Our issue date-time '2025-03-10T09:15:00-05:00' against the record's '10/03/2025' (the date as written). */
function compareDate(theirs: unknown, oursIso: string): FieldEvidence {
  const t = parseDayMonthYear(theirs);
  const o = /^(\d{4})-(\d{2})-(\d{2})/.exec(oursIso);
  if (!t || !o) return 'absent';
  return t[0] === Number(o[3]) && t[1] === Number(o[2]) && t[2] === Number(o[1]) ? 'same' : 'different';
}

function compareNumber(theirs: unknown, ours: string): FieldEvidence {
  const t = decimalOf(theirs);
  if (!t) return 'absent';
  return t.equals(new Decimal(Number.parseInt(ours, 10))) ? 'same' : 'different';
}

/** One line: different when any field it carries differs; same when its amounts agree; absent when it says nothing. */
function compareLine(theirs: ReceiptRecord['detalleComprobanteBean'][number], ours: Invoice['detalle'][number]): FieldEvidence {
  const parts = [
    compareExact(theirs.codigoItem, ours.cod_Producto),
    compareText(theirs.descripcion, ours.descripcion),
    compareAmount(theirs.cantidad, ours.cantidad),
    compareAmount(theirs.precioUnitario, ours.monto_Precio_Unitario),
  ];
  if (parts.includes('different')) return 'different';
  return parts[2] === 'same' || parts[3] === 'same' ? 'same' : 'absent';
}

function compareLines(record: ReceiptRecord, invoice: Invoice): FieldCheck[] {
  const theirs = Array.isArray(record.detalleComprobanteBean) ? record.detalleComprobanteBean : [];
  const ours = invoice.detalle;
  if (theirs.length === 0) return [{ label: 'líneas', verdict: 'absent' }];
  if (theirs.length !== ours.length) {
    return [{ label: `número de líneas (${theirs.length} en SUNAT, ${ours.length} en la venta)`, verdict: 'different' }];
  }
  return ours.map((line, i) => ({ label: `línea ${i + 1}`, verdict: compareLine(theirs[i] ?? ({} as never), line) }));
}

/** Every field of the record against our payload. */
export function compareRecord(record: ReceiptRecord, invoice: Invoice): FieldCheck[] {
  return [
    { label: 'tipo de comprobante', verdict: compareExact(record.tipoComprobante, invoice.tipo_Doc) },
    { label: 'serie', verdict: compareExact(record.serieComprobante, invoice.serie) },
    { label: 'número', verdict: compareNumber(record.numeroComprobante, invoice.correlativo) },
    { label: 'fecha de emisión', verdict: compareDate(record.fechaEmision, invoice.fecha_Emision) },
    { label: 'cliente', verdict: compareExact(record.numeroDocumentoCliente, invoice.cliente_Num_Doc) },
    { label: 'importe total', verdict: compareAmount(record.montoTotalGeneral, invoice.monto_Imp_Venta, 2) },
    ...compareLines(record, invoice),
  ];
}

/** The differences between the record and our payload, in Spanish; empty when nothing present differs. */
export function recordDifferences(record: ReceiptRecord, invoice: Invoice): string[] {
  return compareRecord(record, invoice)
    .filter((c) => c.verdict === 'different')
    .map((c) => c.label);
}
