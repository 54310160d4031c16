// The items, totals and payment of a document in the back office, read the same way the ticket reads them
// (ticketFromDocument), so the screen and the paper always agree.
import type { DocumentDetail } from '../../../../shared/bridge';
import { ticketFromDocument } from '../../../print/ticket-data';
import { useSettings } from '../../app/settings-context';
import { formatAmount, formatUnitPrice } from '../../format/money';

export function DocumentItems({ detail }: { detail: DocumentDetail }): React.JSX.Element | null {
  const { settings } = useSettings();
  if (!settings) return null;
  const data = ticketFromDocument(detail, settings.company, { copy: false });
  const { totals, payment } = data;
  return (
    <section aria-labelledby="items-title">
      <h3 id="items-title">Productos</h3>
      <table className="history" data-testid="detail-items">
        <thead>
          <tr>
            <th scope="col">Código</th>
            <th scope="col">Descripción</th>
            <th scope="col" className="num">Cant.</th>
            <th scope="col">Unidad</th>
            <th scope="col" className="num">P. unit.</th>
            <th scope="col" className="num">Importe</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line, i) => (
            <tr key={i}>
              <td className="mono">{line.code}</td>
              <td>
                {line.description}
                {line.bag ? ' (ICBPER)' : ''}
                {line.exonerated ? ' (EXO)' : ''}
              </td>
              <td className="num">{line.quantity}</td>
              <td>{line.unitName}</td>
              <td className="num">{formatUnitPrice(line.unitPrice)}</td>
              <td className="num">{formatAmount(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="detail__totals" data-testid="detail-totals">
        Op. gravadas {data.currencySymbol} {formatAmount(totals.gravadas)} · IGV {totals.igvRate ? `${totals.igvRate} % ` : ''}
        {data.currencySymbol} {formatAmount(totals.igv)}
        {Number(totals.exoneradas) !== 0 ? ` · Op. exoneradas ${data.currencySymbol} ${formatAmount(totals.exoneradas)}` : ''}
        {Number(totals.icbper) !== 0 ? ` · ICBPER ${data.currencySymbol} ${formatAmount(totals.icbper)}` : ''} · <strong>Total {data.currencySymbol} {formatAmount(totals.total)}</strong>
      </p>
      <p data-testid="detail-payment">
        Forma de pago: {payment.method === 'CREDITO' ? `Crédito (${payment.installments.length} cuota${payment.installments.length === 1 ? '' : 's'})` : 'Contado'}
      </p>
    </section>
  );
}
