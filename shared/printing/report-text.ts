// Sentences of the printed shift and sales reports that the raw ESC/POS job (electron/core/printing/escpos) prints,
// with the wording of the HTML tickets (renderer/print/report-parts.tsx, CashReportTicket.tsx).
import Decimal from 'decimal.js';
import type { SalesSummary } from '../cash';
import { moneyText } from './printed-text';

/**
 * The drawer's difference as an arqueo names it, with the amount always positive ("Faltante S/ 142.97",
 * never a double negative): less cash than expected is a faltante, more a sobrante.
 */
export function differenceText(difference: string): { label: string; amount: string; strong: boolean } {
  const d = new Decimal(difference);
  if (d.isZero()) return { label: 'Diferencia (cuadra)', amount: '0.00', strong: false };
  return { label: d.isNegative() ? 'Faltante' : 'Sobrante', amount: d.abs().toFixed(2), strong: true };
}

/**
 * The closing line about SUNAT: everything declared only when nothing waits and nothing was rejected or refused.
 */
export function sunatSummaryLine(summary: SalesSummary, of: 'turno' | 'periodo'): string {
  const notDeclared = summary.notDeclared.reduce((n, r) => n + r.count, 0);
  const voided = summary.voided.reduce((n, r) => n + r.count, 0);
  const voidedText = voided > 0 ? ` ${voided} venta(s) anulada(s) con aceptación de SUNAT: no se reemiten.` : '';
  if (summary.awaitingSunat === 0 && notDeclared === 0) return `Todos los comprobantes del ${of} fueron enviados a SUNAT.${voidedText}`;
  const parts: string[] = [];
  if (summary.awaitingSunat > 0) parts.push(`${summary.awaitingSunat} comprobante(s) del ${of} aún por enviar a SUNAT.`);
  if (notDeclared > 0) parts.push(`${notDeclared} comprobante(s) del ${of} no declarados a SUNAT (rechazados / inválidos): reemítalos.`);
  return `${parts.join(' ')}${voidedText}`;
}

/** One line of a report section: what the HTML ticket and the raw ESC/POS job both print. */
export interface ReportRow {
  label: string;
  count?: number;
  amount: string;
  currency?: string;
  strong?: boolean;
}

const minus = (amount: string) => (new Decimal(amount).isZero() ? amount : `-${amount}`);

/** "Devoluciones": how the money of the returns went back (adding up to their total), their total and their IGV. */
export function returnsRows(summary: SalesSummary): ReportRow[] {
  return summary.returns.flatMap((r) => [
    ...summary.returnsByMethod.filter((m) => m.currency === r.currency).map((m) => ({ label: m.label, count: m.count, amount: minus(m.total), currency: m.currency })),
    { label: 'Total devoluciones', count: r.count, amount: minus(r.total), currency: r.currency, strong: true },
    { label: 'IGV devuelto', amount: minus(r.igv), currency: r.currency },
  ]);
}

/** "Neto": sales − returns + debit notes, per currency, when there were notes (else it would repeat the sales total). */
export function netRows(summary: SalesSummary): ReportRow[] {
  if (summary.returns.length === 0 && summary.debitNotes.length === 0) return [];
  return summary.net.flatMap((n) => [
    { label: 'Ventas', amount: summary.sales.find((s) => s.currency === n.currency)?.total ?? '0.00', currency: n.currency },
    ...summary.returns.filter((r) => r.currency === n.currency).map((r) => ({ label: '- Devoluciones', amount: minus(r.total), currency: n.currency })),
    ...summary.debitNotes.filter((d) => d.currency === n.currency).map((d) => ({ label: '+ Notas de débito', count: d.count, amount: d.total, currency: n.currency })),
    { label: 'Neto', amount: n.total, currency: n.currency, strong: true },
  ]);
}

/** "Anulados": sales whose void SUNAT accepted, apart from the sales and from what needs re-issuing. */
export function voidedRows(summary: SalesSummary): ReportRow[] {
  return summary.voided.map((v) => ({ label: 'Anulados (anulación aceptada por SUNAT)', count: v.count, amount: v.total, currency: v.currency }));
}

/** The sentence under "Anulados": nothing to re-issue, and where their cash is. */
export function voidedNote(summary: SalesSummary): string {
  const cash = summary.voided.reduce((acc, r) => acc.plus(r.cash), new Decimal(0));
  return `No cuentan en las ventas y no se reemiten: la venta quedó anulada.${cash.isZero() ? '' : ` Su efectivo (${moneyText(cash.toFixed(2))}) cuenta en las ventas en efectivo hasta que se devuelva.`}`;
}
