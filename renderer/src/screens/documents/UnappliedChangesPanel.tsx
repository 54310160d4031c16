// Documentos → Cambios no aplicados: edits a till made to a product, a person or a shop-wide setting while
// the shop server's record had moved on. The server kept its record; the office sees what the till wanted and can
// make the change again if it still stands.
import { useState } from 'react';
import type { UnappliedChange } from '../../../../shared/server/unapplied';
import { Alert } from '../../components/Alert';
import { formatDateTime } from '../../format/dates';
import { call } from '../../pos';

export function UnappliedChangesPanel(): React.JSX.Element {
  const [rows, setRows] = useState<UnappliedChange[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    const result = await call((api) => api.listUnappliedChanges({}));
    setError(result.ok ? null : result.error.message);
    setRows(result.ok ? result.value : null);
  };

  return (
    <section className="panel" aria-labelledby="unapplied-title">
      <h2 id="unapplied-title">Cambios no aplicados</h2>
      <p className="muted">
        Cambios hechos en una caja sin conexión sobre un producto, una persona o un ajuste que mientras tanto cambió en el servidor de la tienda. Se mantuvo
        lo del servidor; si el cambio de la caja sigue siendo válido, hágalo de nuevo.
      </p>
      <button type="button" onClick={() => void load()}>
        Ver cambios no aplicados
      </button>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {rows ? (
        rows.length === 0 ? (
          <p className="empty">No hay cambios sin aplicar.</p>
        ) : (
          <table className="simple-table" aria-label="Cambios no aplicados">
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Caja</th>
                <th scope="col">Tipo</th>
                <th scope="col">Registro</th>
                <th scope="col">Lo que la caja quería</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.at)}</td>
                  <td>{r.terminal}</td>
                  <td>{r.kind}</td>
                  <td>{r.record}</td>
                  <td>{r.wanted}</td>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </section>
  );
}
