// The main fields of a transport guide: issuer, state, transfer, origin and destination, vehicles, drivers, goods.
import type { Guide, GuideAddress } from '../../../../shared/api';
import { documentNumber } from '../../format/dates';

function place(address: GuideAddress): string {
  const d = address.direccion;
  return [d.desDireccion, d.desDistrito, d.desProvincia, d.desDepartamento].filter(Boolean).join(', ') + ` (ubigeo ${d.codUbigeo})`;
}

/** '2025-03-10T09:15:00' → '10/03/2025 09:15'. */
function when(text: string | null | undefined): string {
  if (!text) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(text);
  return m ? `${m[3]}/${m[2]}/${m[1]}${m[4] ? ` ${m[4]}` : ''}` : text;
}

export function GuideView({ guide }: { guide: Guide }): React.JSX.Element {
  const t = guide.traslado;
  return (
    <article className="record" aria-labelledby="guide-title">
      <h2 id="guide-title">
        {guide.desTipoCpe || 'Guía de remisión'} {documentNumber(guide.numSerie, guide.numCpe)}
      </h2>
      <dl className="facts">
        <dt>Emisor</dt>
        <dd>
          {guide.emisor.desNombre} (RUC {guide.numRuc})
        </dd>
        <dt>Estado</dt>
        <dd data-testid="guide-state">
          {guide.desEstado} ({guide.codEstado})
        </dd>
        {guide.baja ? (
          <>
            <dt>Baja</dt>
            <dd>
              {when(guide.baja.fecRegistro)}: {guide.baja.desMotivo}
            </dd>
          </>
        ) : null}
        <dt>Fecha de emisión</dt>
        <dd>{when(guide.emision.fecEmision)}</dd>
        <dt>Destinatario</dt>
        <dd>
          {guide.receptor.desNombre} ({guide.receptor.desTipoDocIdentidad} {guide.receptor.numDocIdentidad})
        </dd>
        <dt>Motivo del traslado</dt>
        <dd>
          {t.desMotivoTraslado} ({t.codMotivoTraslado})
        </dd>
        <dt>Inicio del traslado</dt>
        <dd>{when(t.fecInicioTraslado)}</dd>
        <dt>Modalidad</dt>
        <dd>{t.desModalidadTraslado}</dd>
        <dt>Peso bruto</dt>
        <dd>
          {t.numPesoBruto} {t.codUnidadMedidaPb}
        </dd>
        <dt>Punto de partida</dt>
        <dd>{place(t.partida)}</dd>
        <dt>Punto de llegada</dt>
        <dd>{place(t.llegada)}</dd>
        <dt>Vehículos</dt>
        <dd>{t.vehiculo.length ? t.vehiculo.map((v) => `${v.numPlaca} (${v.desTipoVehiculo})`).join(', ') : '—'}</dd>
        <dt>Conductores</dt>
        <dd>
          {t.conductor.length
            ? t.conductor.map((c) => `${c.desNombre} · ${c.desTipoDocIdentidad} ${c.numDocIdentidad} · licencia ${c.numLicencia}`).join('; ')
            : '—'}
        </dd>
      </dl>
      <table className="simple-table">
        <caption>Bienes</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Código</th>
            <th scope="col">Descripción</th>
            <th scope="col">Unidad</th>
            <th scope="col" className="num">
              Cantidad
            </th>
          </tr>
        </thead>
        <tbody>
          {t.bien.map((b) => (
            <tr key={b.numOrden}>
              <td>{b.numOrden}</td>
              <td>{b.codBien}</td>
              <td>{b.desBien}</td>
              <td>{b.desUniMedida}</td>
              <td className="num">{b.numCantidad}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
