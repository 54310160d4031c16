// Sentences of the printed shift and sales reports that the raw ESC/POS job (electron/core/printing/escpos) prints,
// with the wording of the HTML tickets (renderer/print/report-parts.tsx, CashReportTicket.tsx).
import Decimal from 'decimal.js';
import type { SalesSummary } from '../cash';

/**
 * The drawer's difference as an arqueo names it, with the amount always positive (issue 26: "Faltante S/ 142.97",
 * never a double negative): less cash than expected is a faltante, more a sobrante.
 */
export function differenceText(difference: string): { label: string; amount: string; strong: boolean } {
  const d = new Decimal(difference);
  if (d.isZero()) return { label: 'Diferencia (cuadra)', amount: '0.00', strong: false };
  return { label: d.isNegative() ? 'Faltante' : 'Sobrante', amount: d.abs().toFixed(2), strong: true };
}

/**
 * The closing line about SUNAT: everything declared only when nothing waits and nothing was rejected or refused
 * (issue 23).
 */
export function sunatSummaryLine(summary: SalesSummary, of: 'turno' | 'periodo'): string {
  const notDeclared = summary.notDeclared.reduce((n, r) => n + r.count, 0);
  if (summary.awaitingSunat === 0 && notDeclared === 0) return `Todos los comprobantes del ${of} fueron enviados a SUNAT.`;
  const parts: string[] = [];
  if (summary.awaitingSunat > 0) parts.push(`${summary.awaitingSunat} comprobante(s) del ${of} aún por enviar a SUNAT.`);
  if (notDeclared > 0) parts.push(`${notDeclared} comprobante(s) del ${of} no declarados a SUNAT (rechazados / inválidos): reemítalos.`);
  return parts.join(' ');
}
