// A customer account's paper on ticket paper: a collection's constancia de pago or a statement. The same component is
// the on-screen view in Cuentas, so what the cashier reads is what prints; its rows come from
// shared/printing/account-papers.ts, as the receipt printer's do.
import { Fragment } from 'react';
import type { AccountPaper } from '../../shared/printing/account-papers';
import { ReportHeader, Section, type ReportIssuer } from './report-parts';

export function AccountPaperTicket({ paper, issuer, size = '80mm' }: { paper: AccountPaper; issuer: ReportIssuer; size?: '80mm' | '58mm' }): React.JSX.Element {
  return (
    <article className={`ticket ticket--${size} cash-report`} aria-label={paper.title} data-print-template="account-paper">
      <ReportHeader issuer={issuer} />
      <h2 className="ticket__doc">{paper.title}</h2>
      <dl className="ticket__meta">
        {paper.meta.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {paper.sections.map((part) => (
        <Section key={part.title} {...part} />
      ))}
      {paper.footer.map((line) => (
        <p key={line} className="cash-report__pending">
          {line}
        </p>
      ))}
    </article>
  );
}
