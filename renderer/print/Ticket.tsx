// The ticket preview of a document (80 mm style). A plain component of TicketData so the printed
// representation (QR, A4, paper sizes) can grow here without touching the screens.
import { formatAmount } from '../src/format/money';
import type { TicketData } from './ticket-data';

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }): React.JSX.Element {
  return (
    <tr className={strong ? 'ticket__total--strong' : undefined}>
      <th scope="row">{label}</th>
      <td>{formatAmount(value)}</td>
    </tr>
  );
}

const nonZero = (v: string) => v !== '0.00';

export function Ticket({ data }: { data: TicketData }): React.JSX.Element {
  const symbol = data.currency === 'USD' ? '$' : 'S/';
  return (
    <article className="ticket" aria-label={`${data.docName} ${data.seriesNumber}`}>
      {data.copy ? <p className="ticket__copy">REIMPRESIÓN</p> : null}
      {data.demo ? <p className="ticket__demo">DOCUMENTO DE DEMOSTRACIÓN — SIN VALOR TRIBUTARIO</p> : null}
      <header className="ticket__issuer">
        {data.issuer.tradeName ? <p className="ticket__trade">{data.issuer.tradeName}</p> : null}
        <p className="ticket__name">{data.issuer.name}</p>
        <p>R.U.C. {data.issuer.ruc}</p>
        {data.issuer.address ? <p>{data.issuer.address}</p> : null}
      </header>
      <h2 className="ticket__doc">
        {data.docName} <span className="ticket__number">{data.seriesNumber}</span>
      </h2>
      <dl className="ticket__meta">
        <dt>Fecha de emisión</dt>
        <dd>{data.issuedAt}</dd>
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
        <dd>{data.currency === 'USD' ? 'DÓLARES AMERICANOS' : 'SOLES'}</dd>
      </dl>
      <table className="ticket__lines">
        <thead>
          <tr>
            <th scope="col">Cant.</th>
            <th scope="col">Descripción</th>
            <th scope="col">P. unit.</th>
            <th scope="col">Importe</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line, i) => (
            <tr key={i}>
              <td>
                {line.quantity} {line.unit}
              </td>
              <td>
                {line.description}
                {line.bag ? ' (ICBPER)' : ''}
                <span className="ticket__code">{line.code}</span>
              </td>
              <td>{formatAmount(line.unitPrice)}</td>
              <td>{formatAmount(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="ticket__totals">
        <tbody>
          {nonZero(data.totals.gravadas) ? <TotalRow label="Op. gravadas" value={data.totals.gravadas} /> : null}
          {nonZero(data.totals.exoneradas) ? <TotalRow label="Op. exoneradas" value={data.totals.exoneradas} /> : null}
          <TotalRow label="I.G.V." value={data.totals.igv} />
          {nonZero(data.totals.icbper) ? <TotalRow label="I.C.B.P.E.R." value={data.totals.icbper} /> : null}
          <TotalRow label={`Importe total ${symbol}`} value={data.totals.total} strong />
        </tbody>
      </table>
      {data.words ? <p className="ticket__words">{data.words}</p> : null}
      {data.legends.map((l) => (
        <p key={l.code} className="ticket__legend">
          {l.value}
        </p>
      ))}
      <p className="ticket__payment">Forma de pago: {data.payment.method === 'CREDITO' ? 'Crédito' : 'Contado'}</p>
      {data.payment.installments.length > 0 ? (
        <table className="ticket__installments">
          <thead>
            <tr>
              <th scope="col">Cuota</th>
              <th scope="col">Monto</th>
              <th scope="col">Vence</th>
            </tr>
          </thead>
          <tbody>
            {data.payment.installments.map((i) => (
              <tr key={i.number}>
                <td>{i.number}</td>
                <td>{formatAmount(i.amount)}</td>
                <td>{i.dueDate.split('-').reverse().join('/')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data.hash ? <p className="ticket__hash">Resumen: {data.hash}</p> : null}
      <p className="ticket__footer">Representación impresa de la {data.docName}</p>
      {data.copy && data.reprints > 0 ? <p className="ticket__reprints">Reimpresiones: {data.reprints}</p> : null}
    </article>
  );
}
