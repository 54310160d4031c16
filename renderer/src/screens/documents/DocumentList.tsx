import { useEffect, useState } from 'react';
import type { DocumentSummary, VoidStateRow } from '../../../../shared/bridge';
import { listedTotal } from './listed-total';
import { call } from '../../pos';
import { StatusBadge } from '../../components/StatusBadge';
import { onDocumentChanges } from '../../app/document-changes';
import { documentNumber, formatDateTime } from '../../format/dates';
import { formatMoney } from '../../format/money';

interface DocumentListProps {
  rows: DocumentSummary[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

function deadlineText(row: DocumentSummary): string | null {
  if (row.deadline.overdue) return 'Plazo vencido';
  if (row.deadline.atRisk) return 'Vence pronto';
  return null;
}

/** The void state of the listed documents that have one ("Anulado", "Anulación pendiente"). */
function useVoidStates(rows: DocumentSummary[]): Map<number, VoidStateRow> {
  const [states, setStates] = useState(new Map<number, VoidStateRow>());
  const [version, setVersion] = useState(0);
  const key = rows.map((r) => `${r.id}:${r.status}`).join(',');
  // A void's answer changes no document status: its event asks for the states again.
  useEffect(() => onDocumentChanges(() => setVersion((v) => v + 1)), []);
  useEffect(() => {
    let alive = true;
    const ids = rows.filter((r) => r.docType === '01' || r.docType === '03').map((r) => r.id);
    void call((api) => api.getVoidStates({ ids })).then((result) => {
      if (alive && result.ok) setStates(new Map(result.value.map((s) => [s.documentId, s])));
    });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the rows' ids and statuses
  }, [key, version]);
  return states;
}

export function DocumentList({ rows, selectedId, onSelect }: DocumentListProps): React.JSX.Element {
  const voids = useVoidStates(rows);
  if (rows.length === 0) return <p className="empty">No hay documentos con estos filtros.</p>;
  return (
    <div className="doclist__scroll">
      <table className="doclist">
        <caption className="visually-hidden">Documentos</caption>
        <thead>
          <tr>
            <th scope="col">Comprobante</th>
            <th scope="col">Emisión</th>
            <th scope="col">Cliente</th>
            <th scope="col" className="num">
              Total
            </th>
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const number = documentNumber(row.series, row.number);
            const warning = deadlineText(row);
            return (
              <tr key={row.id} className={row.id === selectedId ? 'doclist__row--selected' : undefined}>
                <th scope="row">
                  <button type="button" className="button--link" onClick={() => onSelect(row.id)} aria-current={row.id === selectedId ? "true" : undefined} aria-label={`Ver ${({ '01': 'factura', '03': 'boleta', '07': 'nota de crédito', '08': 'nota de débito' } as const)[row.docType]} ${number}`}>
                    {number}
                  </button>
                </th>
                <td>{formatDateTime(row.issuedAt)}</td>
                <td>
                  {row.customerName}
                  {row.customerDocNumber && row.customerDocType !== '0' ? <span className="muted"> · {row.customerDocNumber}</span> : null}
                </td>
                <td className="num">{formatMoney(row.total, row.currency)}</td>
                <td>
                  {/* A voided document's own status would still read "Aceptado": its void's badge speaks instead. */}
                  {voids.get(row.id)?.status === 'voided' ? null : <StatusBadge status={row.status} />}
                  {voids.get(row.id) ? (
                    <span className={`badge ${voids.get(row.id)!.status === 'voided' ? 'badge--rejected' : 'badge--pending'}`} data-testid="list-void-badge">
                      {voids.get(row.id)!.label}
                    </span>
                  ) : null}
                  {warning ? <span className="deadline-flag">{warning}</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {rows.length === 1 ? 'Neto del comprobante listado' : `Neto de los ${rows.length} comprobantes listados`}
              <span className="muted"> (ventas − notas de crédito; sin anulados ni rechazados)</span>
            </th>
            <td className="num" data-testid="listed-total">
              {listedTotal(rows, new Set([...voids].filter(([, v]) => v.status === 'voided').map(([id]) => id)))}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
