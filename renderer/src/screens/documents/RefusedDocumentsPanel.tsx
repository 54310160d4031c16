// Documentos → Apartados por el servidor: documents the shop server refused (a number another till's
// document holds, say). They are set aside with the reason, never block the rest, and stay on their till; this till's
// are known even offline, every till's come from the server.
import { useState } from 'react';
import type { RefusedDocument, ShopRefusals } from '../../../../shared/server/refusals';
import { Alert } from '../../components/Alert';
import { documentNumber, formatDateTime } from '../../format/dates';
import { call } from '../../pos';

function RefusedTable({ rows, label }: { rows: RefusedDocument[]; label: string }): React.JSX.Element {
  return rows.length === 0 ? (
    <p className="empty">Ninguno.</p>
  ) : (
    <table className="simple-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Caja</th>
          <th scope="col">Comprobante</th>
          <th scope="col">Desde</th>
          <th scope="col">Motivo</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.terminal}-${r.series}-${r.number}`}>
            <td>{r.terminal}</td>
            <td>{documentNumber(r.series, r.number)}</td>
            <td>{formatDateTime(r.at)}</td>
            <td>{r.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RefusedDocumentsPanel(): React.JSX.Element {
  const [data, setData] = useState<ShopRefusals | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    const result = await call((api) => api.getShopRefusals({}));
    setError(result.ok ? null : result.error.message);
    setData(result.ok ? result.value : null);
  };
  return (
    <section className="panel" aria-labelledby="refused-title">
      <h2 id="refused-title">Apartados por el servidor de la tienda</h2>
      <p className="muted">Comprobantes que el servidor no aceptó. No se perdieron: siguen en su caja y se intentan de nuevo en cada conexión.</p>
      <button type="button" onClick={() => void load()}>
        Ver apartados
      </button>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {data ? (
        <>
          <h3>En esta caja</h3>
          <RefusedTable rows={data.here} label="Apartados en esta caja" />
          <h3>En todas las cajas</h3>
          {data.shop ? <RefusedTable rows={data.shop} label="Apartados en todas las cajas" /> : <p className="muted">El servidor de la tienda no responde ahora.</p>}
        </>
      ) : null}
    </section>
  );
}
