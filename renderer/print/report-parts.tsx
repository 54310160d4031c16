// Parts shared by the printed reports (CashReportTicket, SalesReportTicket): the issuer's header and titled sections
// of label / count / amount rows, on ticket paper.
import Decimal from 'decimal.js';
import { seriesRangeText, type SalesSummary } from '../../shared/cash';
import { salesSections } from '../../shared/printing/report-sections';
import { voidedNote, voidedRows, type ReportRow } from '../../shared/printing/report-text';
import { formatMoney } from '../src/format/money';

export interface ReportIssuer {
  ruc: string;
  name: string;
  tradeName: string;
}

export type Row = ReportRow;

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
      {salesSections(summary).map((part) => (
        <Section key={part.title} {...part} />
      ))}
      <NotDeclared summary={summary} />
      {summary.voided.length > 0 ? (
        <section className="cash-report__section" aria-label="Anulados" data-testid="voided">
          <Section title="Anulados" rows={voidedRows(summary)} />
          <p className="cash-report__note">{voidedNote(summary)}</p>
        </section>
      ) : null}
      <SeriesNumbers summary={summary} />
    </>
  );
}

/**
 * What SUNAT rejected or the API refused (not re-issued) is no declared sale: apart from the sales above,
 * with its count and total, and what to do. Its cash is in the drawer (counted in the cash sales).
 */
export function NotDeclared({ summary }: { summary: SalesSummary }): React.JSX.Element | null {
  if (summary.notDeclared.length === 0) return null;
  const byCurrency = new Map<string, { count: number; total: Decimal }>();
  for (const r of summary.notDeclared) {
    const row = byCurrency.get(r.currency) ?? { count: 0, total: new Decimal(0) };
    row.count += r.count;
    row.total = row.total.plus(r.total);
    byCurrency.set(r.currency, row);
  }
  const cash = summary.notDeclared.reduce((acc, r) => acc.plus(r.cash), new Decimal(0));
  return (
    <section className="cash-report__section cash-report__not-declared" aria-label="No declarados a SUNAT" data-testid="not-declared">
      <h3>No declarados a SUNAT</h3>
      {[...byCurrency].map(([currency, r]) => (
        <p key={currency} className="cash-report__warn">
          No declarados a SUNAT (rechazados / inválidos): {r.count}, {formatMoney(r.total.toFixed(2), currency)}
        </p>
      ))}
      <table className="print-totals">
        <tbody>
          {summary.notDeclared.map((r, i) => (
            <tr key={i}>
              <th scope="row">
                {r.label} ({r.count})
              </th>
              <td>{formatMoney(r.total, r.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="cash-report__note">
        No cuentan en las ventas de arriba: cada una necesita un comprobante reemitido (Documentos → Reemitir).
        {cash.isZero() ? '' : ` Su efectivo (${formatMoney(cash.toFixed(2))}) sí está en caja y cuenta en las ventas en efectivo.`}
      </p>
    </section>
  );
}

// The closing line about SUNAT is written once, for this template and the raw ESC/POS job alike.
export { sunatSummaryLine } from '../../shared/printing/report-text';

/** The first and last number of each series the report covers. */
export function SeriesNumbers({ summary }: { summary: SalesSummary }): React.JSX.Element | null {
  if (summary.series.length === 0) return null;
  return (
    <section className="cash-report__section" aria-label="Numeración">
      <h3>Numeración</h3>
      <ul className="cash-report__series">
        {summary.series.map((r) => (
          <li key={`${r.docType}-${r.series}`}>{seriesRangeText(r)}</li>
        ))}
      </ul>
    </section>
  );
}
