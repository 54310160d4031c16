// The sales report's payments by app (Yape, Plin) or transfer, one per row with its operation number, so the owner can
// tick each one off the wallet's or the bank's statement.
import type { SalesReport } from '../../../../shared/cash';
import { formatDateTime } from '../../format/dates';
import { formatMoney } from '../../format/money';

export function PaymentOperations({ report }: { report: SalesReport }): React.JSX.Element {
  const shop = report.scope === 'shop';
  return (
    <section aria-labelledby="payment-operations-title" className="cash__operations">
      <h3 id="payment-operations-title">Pagos por app o transferencia</h3>
      <p className="field__hint">Para cuadrar con el estado de cuenta de su billetera o banco. También van en el CSV.</p>
      {report.operations.length === 0 ? (
        <p>No hubo pagos por Yape, Plin ni transferencia en este periodo.</p>
      ) : (
        <table className="simple-table" aria-label="Pagos por app o transferencia">
          <thead>
            <tr>
              <th scope="col">Medio</th>
              <th scope="col">N.º de operación</th>
              <th scope="col">Monto</th>
              <th scope="col">Comprobante</th>
              <th scope="col">Fecha y hora</th>
              {shop ? <th scope="col">Caja</th> : null}
            </tr>
          </thead>
          <tbody>
            {report.operations.map((o, index) => (
              <tr key={`${o.document}-${index}`}>
                <td>{o.label}</td>
                <td>{o.reference === '' ? <em>sin número</em> : o.reference}</td>
                <td>{formatMoney(o.amount, o.currency)}</td>
                <td>{o.document}</td>
                <td>{formatDateTime(o.issuedAt)}</td>
                {shop ? <td>{o.terminal ?? ''}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
