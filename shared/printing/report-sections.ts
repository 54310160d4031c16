// The titled sections of label / count / amount rows that the printed reports hold, built once: the HTML tickets
// (renderer/print/CashReportTicket.tsx, report-parts.tsx) and the raw ESC/POS job (electron/core/printing/escpos/
// report-job.ts) each only lay them out, so the receipt printer and the screen never disagree on a row.
import Decimal from 'decimal.js';
import { CASH_MOVEMENT_LABELS, denominationLabel, PEN_DENOMINATIONS, taxRows, type CashReport, type SalesReport, type SalesSummary } from '../cash';
import { differenceText, netRows, returnsRows, type ReportRow } from './report-text';

/** One titled block of rows; `empty` is what prints when it has none. */
export interface ReportSection {
  title: string;
  rows: ReportRow[];
  empty?: string;
}

/**
 * The sales of a report (X, Z or sales report) in the order they print: by type and total, taxes, returns, net,
 * method, collections of credit sales, discounts, cashier and SUNAT status. What is not declared, the voided sales
 * and the numbering follow in each renderer, since they carry sentences, not only rows.
 */
export function salesSections(s: SalesSummary): ReportSection[] {
  const sections: ReportSection[] = [
    {
      title: 'Ventas',
      empty: 'Sin ventas',
      rows: [
        ...s.byDocType.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency })),
        ...s.sales.map((r) => ({ label: 'Total', count: r.count, amount: r.total, currency: r.currency, strong: true })),
      ],
    },
    ...s.taxes.map((t) => ({ title: s.taxes.length > 1 ? `Impuestos (${t.currency})` : 'Impuestos', rows: taxRows(t).map((r) => ({ ...r, currency: t.currency })) })),
  ];
  if (s.returns.length > 0) sections.push({ title: 'Devoluciones', rows: returnsRows(s) });
  if (s.returns.length > 0 || s.debitNotes.length > 0) sections.push({ title: 'Neto', rows: netRows(s) });
  sections.push({ title: 'Por medio de pago', empty: 'Sin ventas', rows: s.byMethod.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency })) });
  // Money received for credit sales is no sale of this report: it prints apart, under its own title.
  if (s.collections.count > 0) {
    sections.push({
      title: 'Cobranzas de créditos',
      rows: [
        ...s.collections.byMethod.map((r) => ({ label: r.label, count: r.count, amount: r.total })),
        { label: 'Total cobrado', count: s.collections.count, amount: s.collections.total, strong: true },
      ],
    });
  }
  if (s.discounts.length > 0) {
    sections.push({ title: 'Descuentos', rows: s.discounts.map((r) => ({ label: 'Ventas con descuento', count: r.count, amount: `-${r.total}`, currency: r.currency })) });
  }
  sections.push(
    { title: 'Por cajero', empty: 'Sin ventas', rows: s.byCashier.map((r) => ({ label: r.name, count: r.count, amount: r.total, currency: r.currency })) },
    { title: 'Por estado en SUNAT', empty: 'Sin ventas', rows: s.byStatus.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency })) },
  );
  return sections;
}

/**
 * The X's and the Z's own sections after the sales: the cash movements, the soles in the drawer, the dollars when
 * any changed hands, and the count by denomination when one was made.
 */
export function cashSections(report: CashReport): ReportSection[] {
  const { cash } = report;
  const sections: ReportSection[] = [
    {
      title: 'Movimientos de caja',
      empty: 'Sin movimientos',
      rows: report.movements.map((m) => ({
        label: `${CASH_MOVEMENT_LABELS[m.kind]}: ${m.reason} (${m.userName}${m.approvedBy ? `, autorizó ${m.approvedBy}` : ''})`,
        amount: m.kind === 'out' ? `-${m.amount}` : m.amount,
      })),
    },
    {
      title: 'Efectivo en caja (S/)',
      rows: [
        { label: 'Fondo inicial', amount: cash.openingFloat },
        { label: '+ Ventas en efectivo', amount: cash.cashSales },
        ...(cash.cashCollections !== '0.00' ? [{ label: '+ Cobranzas en efectivo', amount: cash.cashCollections }] : []),
        ...(cash.cashRefunds !== '0.00' ? [{ label: '- Devoluciones en efectivo', amount: cash.cashRefunds }] : []),
        { label: '+ Ingresos', amount: cash.cashIn },
        { label: '- Retiros', amount: cash.cashOut },
        ...(cash.changeInSoles !== '0.00' ? [{ label: '- Vuelto en soles de ventas en dólares', amount: cash.changeInSoles }] : []),
        { label: 'Efectivo esperado', amount: cash.expected, strong: true },
        ...(cash.counted !== null ? [{ label: 'Efectivo contado', amount: cash.counted, strong: true }] : []),
        // "Faltante S/ 142.97", never "Faltante S/ -142.97".
        ...(cash.difference !== null ? [differenceText(cash.difference)] : []),
      ],
    },
  ];
  if (cash.dollars.cashSales !== '0.00' || cash.dollars.cashRefunds !== '0.00') {
    sections.push({
      title: 'Dólares en caja (US$)',
      rows: [
        { label: '+ Ventas en efectivo en dólares', amount: cash.dollars.cashSales, currency: 'USD' },
        ...(cash.dollars.cashRefunds !== '0.00' ? [{ label: '- Devoluciones en dólares', amount: cash.dollars.cashRefunds, currency: 'USD' }] : []),
        { label: 'Dólares esperados', amount: cash.dollars.expected, currency: 'USD', strong: true },
        ...(cash.dollars.counted !== null ? [{ label: 'Dólares contados', amount: cash.dollars.counted, currency: 'USD', strong: true }] : []),
        ...(cash.dollars.difference !== null ? [{ ...differenceText(cash.dollars.difference), currency: 'USD' }] : []),
      ],
    });
  }
  const counted = PEN_DENOMINATIONS.filter((d) => (report.denominations?.[d] ?? 0) > 0).map((d) => ({
    label: `${report.denominations?.[d] ?? 0} x ${denominationLabel(d)}`,
    amount: new Decimal(d).times(report.denominations?.[d] ?? 0).toFixed(2),
  }));
  if (counted.length > 0) sections.push({ title: 'Conteo por denominación', rows: counted });
  return sections;
}

/** The sales report's last section: its sales by till (every till's, from the shop server, for the shop's). */
export function bySessionSection(report: SalesReport): ReportSection {
  return {
    title: report.scope === 'shop' ? 'Por caja (servidor de la tienda)' : 'Por caja',
    empty: 'Sin ventas',
    rows: report.bySession.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency })),
  };
}
