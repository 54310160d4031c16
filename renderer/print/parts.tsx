// Pieces both templates print the same way: banners, totals, payment, legends and the closing block (hash, QR,
// "Representación impresa"). Class names carry the `print-` prefix; each template places and sizes them.
import Decimal from 'decimal.js';
import { formatAmount } from '../src/format/money';
import { QrCode } from './QrCode';
import type { TicketData } from './ticket-data';

const nonZero = (v: string) => Number(v) !== 0;
const sumOf = (amounts: string[]) => amounts.reduce((acc, a) => acc.plus(a), new Decimal(0));
const day = (iso: string) => iso.split('-').reverse().join('/');

export function Banners({ data }: { data: TicketData }): React.JSX.Element {
  return (
    <>
      {data.notDeclared ? (
        // First thing on the paper, so nobody takes it for a valid comprobante.
        <div className="print-void" role="note" data-testid="print-void">
          <p className="print-void__title">{data.notDeclared.mark}</p>
          <p className="print-void__reason">{data.notDeclared.reason}</p>
          {data.notDeclared.replacedBy ? <p className="print-void__reason">Reemplazado por {data.notDeclared.replacedBy}.</p> : null}
        </div>
      ) : null}
      {data.copy ? (
        <div className="print-copy">
          <p className="print-copy__title">REIMPRESIÓN</p>
          {data.copyNumber !== null ? <p className="print-copy__number">Copia n.º {data.copyNumber}</p> : null}
        </div>
      ) : null}
      {data.demo ? <p className="print-demo">DOCUMENTO DE DEMOSTRACIÓN — SIN VALOR TRIBUTARIO</p> : null}
    </>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }): React.JSX.Element {
  return (
    <tr className={strong ? 'print-totals__strong' : undefined}>
      <th scope="row">{label}</th>
      <td>{formatAmount(value)}</td>
    </tr>
  );
}

/** Only the categories with an amount, as greenter does; IGV and the total always. */
export function Totals({ data }: { data: TicketData }): React.JSX.Element {
  const { totals } = data;
  return (
    <table className="print-totals">
      <tbody>
        {nonZero(totals.gravadas) ? <TotalRow label={`Op. gravadas ${data.currencySymbol}`} value={totals.gravadas} /> : null}
        {nonZero(totals.exoneradas) ? <TotalRow label={`Op. exoneradas ${data.currencySymbol}`} value={totals.exoneradas} /> : null}
        <TotalRow label={`I.G.V.${totals.igvRate ? ` ${totals.igvRate} %` : ''} ${data.currencySymbol}`} value={totals.igv} />
        {nonZero(totals.icbper) ? <TotalRow label={`I.C.B.P.E.R. ${data.currencySymbol}`} value={totals.icbper} /> : null}
        {data.discountTotal ? <TotalRow label={`Descuentos ${data.currencySymbol}`} value={`-${data.discountTotal}`} /> : null}
        <TotalRow label={`Importe total ${data.currencySymbol}`} value={totals.total} strong />
      </tbody>
    </table>
  );
}

export function Payment({ data }: { data: TicketData }): React.JSX.Element | null {
  const { payment } = data;
  if (payment.method === null && payment.tenders.length === 0) return null;
  return (
    <div className="print-payment">
      {/* A note has no payment form: what it shows is the money it gave back. */}
      <p>{payment.method === null ? 'Devolución:' : `Forma de pago: ${payment.method === 'CREDITO' ? 'Crédito' : 'Contado'}`}</p>
      {payment.cash ? (
        <p className="print-payment__cash">
          <span>Efectivo: {data.currencySymbol} {formatAmount(payment.cash.received)}</span>{' '}
          <span>Vuelto: {data.currencySymbol} {formatAmount(payment.cash.change)}</span>
        </p>
      ) : null}
      {payment.tenders.map((t, i) => (
        <p key={i} className="print-payment__tender">
          <span>
            {t.label}: {data.currencySymbol} {formatAmount(t.amount)}
          </span>
          {t.reference ? <span> Op. {t.reference}</span> : null}
        </p>
      ))}
      {payment.changeInSoles ? (
        <p className="print-payment__change" data-testid="printed-change">
          Vuelto: S/ {formatAmount(payment.changeInSoles)} ({data.currencySymbol} {formatAmount(payment.change ?? payment.cash?.change ?? '0')})
        </p>
      ) : payment.change !== null ? (
        <p className="print-payment__change">
          Vuelto: {data.currencySymbol} {formatAmount(payment.change)}
        </p>
      ) : null}
      {payment.installments.length > 0 ? (
        <p className="print-payment__net">
          Monto neto pendiente de pago: {data.currencySymbol} {formatAmount(sumOf(payment.installments.map((i) => i.amount)))}
        </p>
      ) : null}
      {payment.installments.length > 0 ? (
        <table className="print-installments">
          <caption>Cuotas</caption>
          <thead>
            <tr>
              <th scope="col">Cuota</th>
              <th scope="col">Monto {data.currencySymbol}</th>
              <th scope="col">Vencimiento</th>
            </tr>
          </thead>
          <tbody>
            {payment.installments.map((i) => (
              <tr key={i.number}>
                <td>{String(i.number).padStart(3, '0')}</td>
                <td>{formatAmount(i.amount)}</td>
                <td>{day(i.dueDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

export function Legends({ data }: { data: TicketData }): React.JSX.Element {
  return (
    <>
      {data.words ? <p className="print-words">{data.words}</p> : null}
      {data.legends.map((l) => (
        <p key={`${l.code}-${l.value}`} className="print-legend">
          {l.value}
        </p>
      ))}
    </>
  );
}

/** Hash, QR and the closing sentence. */
export function Closing({ data, qrSize }: { data: TicketData; qrSize: string }): React.JSX.Element {
  return (
    <footer className="print-closing">
      {data.hash ? <p className="print-hash">Resumen: {data.hash}</p> : null}
      <QrCode text={data.qr} size={qrSize} className="print-qr" />
      <p className="print-sentence">Representación impresa de la {data.docName}</p>
      {data.awaitingSunat ? (
        <p className="print-pending">Comprobante emitido sin conexión: pendiente de envío a SUNAT.</p>
      ) : null}
      {/* Commonly printed by POS vendors (docs/sunat/reference.md §6.1, "general practice"): where the buyer checks validity. */}
      <p className="print-consult">Consulte la validez de este comprobante en www.sunat.gob.pe (Consulta de comprobantes de pago).</p>
    </footer>
  );
}

/**
 * A note: "Documento que modifica: BOLETA DE VENTA B001-00000024" with its date, and the reason. Amounts
 * of a note print positive, as the note carries them (docs/api/provider-factiliza.md).
 */
export function Modifies({ data }: { data: TicketData }): React.JSX.Element | null {
  if (!data.modifies) return null;
  return (
    <dl className="print-modifies" data-testid="print-modifies">
      <dt>Documento que modifica</dt>
      <dd>
        {data.modifies.document}
        {data.modifies.issueDate ? ` del ${data.modifies.issueDate}` : ''}
      </dd>
      <dt>Motivo</dt>
      <dd>{data.modifies.reason}</dd>
    </dl>
  );
}
