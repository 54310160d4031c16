// A boleta/factura record as the API returns it (docs/api/invoicing-api.md §2.8): issuer, document, customer, totals, lines.
import type { ReceiptRecord } from '../../../../shared/api';
import { documentNumber } from '../../format/dates';
import { formatAmount } from '../../format/money';

const dash = (s: string) => (s && s !== '-' ? s : '—');

export function RecordView({ record }: { record: ReceiptRecord }): React.JSX.Element {
  const name = record.tipoComprobante === '01' ? 'Factura' : 'Boleta de venta';
  const symbol = record.simboloMoneda;
  const address = [record.nombreCalle, record.nombreDistrito, record.nombreProvincia, record.nombreDepartamento].filter((p) => p && p !== '-').join(', ');
  return (
    <article className="record" aria-labelledby="record-title">
      <h2 id="record-title">
        {name} {documentNumber(record.serieComprobante, record.numeroComprobante)}
      </h2>
      <dl className="facts">
        <dt>Emisor</dt>
        <dd>
          {record.razonSocial} (RUC {record.numeroRuc})
          {record.razonComercial && record.razonComercial !== '-' ? ` · ${record.razonComercial}` : ''}
        </dd>
        <dt>Dirección del emisor</dt>
        <dd>{dash(address)}</dd>
        <dt>Fecha de emisión</dt>
        <dd>{dash(record.fechaEmision)}</dd>
        <dt>Fecha de vencimiento</dt>
        <dd>{dash(record.fechaVencimiento)}</dd>
        <dt>Cliente</dt>
        <dd>
          {record.nombreCliente} ({dash(record.desTipoDocumentoCliente)} {record.numeroDocumentoCliente})
        </dd>
        <dt>Moneda</dt>
        <dd>{record.codigoMoneda}</dd>
        <dt>Estado</dt>
        <dd>{record.indicadorEstado === '1' ? 'Aceptado' : dash(record.indicadorEstado)}</dd>
        <dt>Op. gravadas</dt>
        <dd>
          {symbol} {formatAmount(record.totalGravOner)}
        </dd>
        <dt>Op. exoneradas</dt>
        <dd>
          {symbol} {formatAmount(record.totalValorVentaExonerado)}
        </dd>
        <dt>IGV</dt>
        <dd>
          {symbol} {formatAmount(record.totalIGV)}
        </dd>
        <dt>Otros tributos</dt>
        <dd>
          {symbol} {formatAmount(record.totalOtrosTributos)}
        </dd>
        <dt>Importe total</dt>
        <dd data-testid="record-total">
          <strong>
            {symbol} {formatAmount(record.montoTotalGeneral)}
          </strong>
        </dd>
        <dt>En letras</dt>
        <dd>{dash(record.montoTotalTexto)}</dd>
        <dt>Observación</dt>
        <dd>{dash(record.observacion)}</dd>
      </dl>
      <table className="simple-table">
        <caption>Detalle</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Código</th>
            <th scope="col">Descripción</th>
            <th scope="col">Unidad</th>
            <th scope="col" className="num">
              Cantidad
            </th>
            <th scope="col" className="num">
              Precio unitario
            </th>
            <th scope="col" className="num">
              Valor unitario
            </th>
          </tr>
        </thead>
        <tbody>
          {record.detalleComprobanteBean.map((line) => (
            <tr key={line.identificador}>
              <td>{line.identificador}</td>
              <td>{line.codigoItem}</td>
              <td>{line.descripcion}</td>
              <td>{line.unidadMedidaDesc}</td>
              <td className="num">{line.cantidad}</td>
              <td className="num">{line.precioUnitario}</td>
              <td className="num">{line.valorVtaUnitario}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
