// The A4 page (greenter's layout, docs/sunat/reference.md §6.1): issuer on the left and the RUC box on the right, the customer
// block, the lines table, legends and payment beside the totals, then hash, QR and "Representación impresa".
import { formatAmount, formatUnitPrice } from '../src/format/money';
import { Banners, Closing, Legends, Modifies, Payment, Totals } from './parts';
import type { TicketData } from './ticket-data';
import { unitShort } from './unit-short';

export function A4Page({ data }: { data: TicketData }): React.JSX.Element {
  return (
    <article className="a4" aria-label={`${data.docName} ${data.seriesNumber}`} data-print-template="a4">
      <Banners data={data} />
      <header className="a4__head">
        <div className="a4__issuer">
          {data.issuer.tradeName ? <p className="a4__trade">{data.issuer.tradeName}</p> : null}
          <p className="a4__name">{data.issuer.name}</p>
          {data.issuer.address ? <p>{data.issuer.address}</p> : null}
        </div>
        <div className="a4__box">
          <p className="a4__ruc">R.U.C. {data.issuer.ruc}</p>
          <h2 className="a4__doc">{data.docName}</h2>
          <p className="a4__number">{data.seriesNumber}</p>
        </div>
      </header>
      <Modifies data={data} />
      <dl className="a4__customer">
        {data.customer ? (
          <>
            <dt>{data.docType === '01' ? 'Razón social' : 'Cliente'}</dt>
            <dd>{data.customer.name}</dd>
            <dt>{data.customer.docLabel}</dt>
            <dd>{data.customer.docNumber}</dd>
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
            <dt>Fecha de vencimiento</dt>
            <dd>{data.dueDate}</dd>
          </>
        ) : null}
        <dt>Moneda</dt>
        <dd>{data.currencyWords}</dd>
        {data.exchangeRate ? (
          <>
            <dt>Tipo de cambio</dt>
            <dd data-testid="printed-exchange-rate">{data.exchangeRate}</dd>
          </>
        ) : null}
      </dl>
      <table className="a4__lines">
        <thead>
          <tr>
            <th scope="col">Cant.</th>
            <th scope="col">Unid.</th>
            <th scope="col">Código</th>
            <th scope="col">Descripción</th>
            <th scope="col">P. unit. {data.currencySymbol}</th>
            <th scope="col">Importe {data.currencySymbol}</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line, i) => (
            <tr key={i}>
              <td>{line.quantity}</td>
              <td className="a4__unit" title={line.unitName}>
                {unitShort(line.unit)}
              </td>
              <td className="a4__code">{line.code}</td>
              <td>
                {line.description}
                {line.bag ? ' (ICBPER)' : ''}
                {line.exonerated ? ' (EXO)' : ''}
                {line.discount ? (
                  <span className="a4__discount">
                    {' '}
                    (precio de lista {formatUnitPrice(line.discount.listPrice)}, importe {formatAmount(line.discount.listTotal)}, descuento -{formatAmount(line.discount.amount)})
                  </span>
                ) : null}
              </td>
              <td>{formatUnitPrice(line.unitPrice)}</td>
              <td>{formatAmount(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="a4__bottom">
        <div className="a4__notes">
          <Legends data={data} />
          <Payment data={data} />
        </div>
        <Totals data={data} />
      </div>
      <Closing data={data} qrSize="30mm" />
    </article>
  );
}

