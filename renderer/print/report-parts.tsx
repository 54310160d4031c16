// Parts shared by the printed reports (CashReportTicket, SalesReportTicket): the issuer's header and titled sections
// of label / count / amount rows, on ticket paper.
import type { SalesSummary } from '../../shared/cash';
import { formatMoney } from '../src/format/money';

export interface ReportIssuer {
  ruc: string;
  name: string;
  tradeName: string;
}

export type Row = { label: string; count?: number; amount: string; currency?: string; strong?: boolean };

export function Section({ title, rows, empty }: { title: string; rows: Row[]; empty?: string }): React.JSX.Element {
  return (
    <section className="cash-report__section" aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="cash-report__empty">{empty ?? 'Ninguno'}</p>
      ) : (
        <table className="print-totals">
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} className={r.strong ? 'print-totals__strong' : undefined}>
                <th scope="row">
                  {r.label}
                  {r.count !== undefined ? ` (${r.count})` : ''}
                </th>
                <td>{formatMoney(r.amount, r.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The issuer as the ticket's header prints it. */
export function ReportHeader({ issuer }: { issuer: ReportIssuer }): React.JSX.Element {
  return (
    <header className="ticket__issuer">
      {issuer.tradeName ? <p className="ticket__trade">{issuer.tradeName}</p> : null}
      <p className="ticket__name">{issuer.name}</p>
      <p>R.U.C. {issuer.ruc}</p>
    </header>
  );
}

/** The sales of a report: by type (and total), method, discounts, cashier and SUNAT status. */
export function SalesSections({ summary }: { summary: SalesSummary }): React.JSX.Element {
  return (
    <>
      <Section
        title="Ventas"
        empty="Sin ventas"
        rows={[
          ...summary.byDocType.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency })),
          ...summary.sales.map((r) => ({ label: 'Total', count: r.count, amount: r.total, currency: r.currency, strong: true })),
        ]}
      />
      <Section title="Por medio de pago" empty="Sin ventas" rows={summary.byMethod.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency }))} />
      {summary.discounts.length > 0 ? (
        <Section title="Descuentos" rows={summary.discounts.map((r) => ({ label: 'Ventas con descuento', count: r.count, amount: `-${r.total}`, currency: r.currency }))} />
      ) : null}
      <Section title="Por cajero" empty="Sin ventas" rows={summary.byCashier.map((r) => ({ label: r.name, count: r.count, amount: r.total, currency: r.currency }))} />
      <Section title="Por estado en SUNAT" empty="Sin ventas" rows={summary.byStatus.map((r) => ({ label: r.label, count: r.count, amount: r.total, currency: r.currency }))} />
    </>
  );
}
