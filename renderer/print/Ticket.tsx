// The thermal-paper ticket (80 mm, or 58 mm when chosen): as wide as the paper, one column, every line of text
// wrapping inside it. Also the on-screen preview of the dialogs.
import { formatAmount, formatUnitPrice } from '../src/format/money';
import { Banners, Closing, Legends, Modifies, Payment, Totals } from './parts';
import type { TicketData } from './ticket-data';

export type TicketPaper = '80mm' | '58mm';

export function Ticket({ data, paper = '80mm' }: { data: TicketData; paper?: TicketPaper }): React.JSX.Element {
  return (
    <article className={`ticket ticket--${paper}`} aria-label={`${data.docName} ${data.seriesNumber}`} data-print-template="ticket">
      <Banners data={data} />
      <header className="ticket__issuer">
        {data.issuer.tradeName ? <p className="ticket__trade">{data.issuer.tradeName}</p> : null}
        <p className="ticket__name">{data.issuer.name}</p>
        <p>R.U.C. {data.issuer.ruc}</p>
        {data.issuer.address ? <p>{data.issuer.address}</p> : null}
      </header>
      <h2 className="ticket__doc">
        {data.docName} <span className="ticket__number">{data.seriesNumber}</span>
      </h2>
      <Modifies data={data} />
      <dl className="ticket__meta">
        <dt>Fecha de emisión</dt>
        <dd>{data.issuedAt}</dd>
        {data.cashier ? (
          <>
            <dt>Cajero</dt>
            <dd>{data.cashier}</dd>
          </>
        ) : null}
        {data.dueDate ? (
          <>
            <dt>Vencimiento</dt>
            <dd>{data.dueDate}</dd>
          </>
        ) : null}
        {data.customer ? (
          <>
            <dt>{data.customer.docLabel}</dt>
            <dd>{data.customer.docNumber}</dd>
            <dt>{data.docType === '01' ? 'Razón social' : 'Cliente'}</dt>
            <dd>{data.customer.name}</dd>
            {data.customer.address ? (
              <>
                <dt>Dirección</dt>
                <dd>{data.customer.address}</dd>
              </>
            ) : null}
          </>
        ) : (
          <>
            <dt>Cliente</dt>
            <dd>CLIENTES VARIOS</dd>
          </>
        )}
        <dt>Moneda</dt>
        <dd>{data.currencyWords}</dd>
        {data.exchangeRate ? (
          <>
            <dt>Tipo de cambio</dt>
            <dd data-testid="printed-exchange-rate">{data.exchangeRate}</dd>
          </>
        ) : null}
      </dl>
      <div className="ticket__lines" role="list" aria-label="Productos">
        <p className="ticket__lines-head" aria-hidden="true">
          <span>Cant. x P. unit.</span>
          <span>Importe</span>
        </p>
        {data.lines.map((line, i) => (
          <div key={i} className="ticket__line" role="listitem">
            <p className="ticket__desc">
              {line.description}
              {line.bag ? ' (ICBPER)' : ''}
              {line.exonerated ? ' (EXO)' : ''}
            </p>
            {line.discount ? (
              <>
                <p className="ticket__amounts">
                  <span>
                    {line.quantity} {line.unitName} x {formatUnitPrice(line.discount.listPrice)}
                  </span>
                  <span>{formatAmount(line.discount.listTotal)}</span>
                </p>
                <p className="ticket__amounts ticket__discount">
                  <span>Descuento</span>
                  <span>-{formatAmount(line.discount.amount)}</span>
                </p>
                <p className="ticket__amounts">
                  <span>Neto</span>
                  <span>{formatAmount(line.total)}</span>
                </p>
              </>
            ) : (
              <p className="ticket__amounts">
                <span>
                  {line.quantity} {line.unitName} x {formatUnitPrice(line.unitPrice)}
                </span>
                <span>{formatAmount(line.total)}</span>
              </p>
            )}
          </div>
        ))}
      </div>
      <Totals data={data} />
      <Legends data={data} />
      <Payment data={data} />
      <Closing data={data} qrSize={paper === '58mm' ? '28mm' : '32mm'} />
    </article>
  );
}
