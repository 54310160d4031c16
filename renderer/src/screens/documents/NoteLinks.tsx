// A document lists its credit and debit notes; a note links to the document it modifies.
import type { DocumentDetail, NoteLink } from '../../../../shared/bridge';
import { DOC_STATUS_LABELS, type DocStatus } from '../../../../shared/bridge';
import { documentNumber, formatDateTime } from '../../format/dates';
import { formatMoney } from '../../format/money';

const KIND: Record<NoteLink['docType'], string> = { '01': 'Factura', '03': 'Boleta', '07': 'Nota de crédito', '08': 'Nota de débito' };
const statusOf = (s: string) => (s in DOC_STATUS_LABELS ? DOC_STATUS_LABELS[s as DocStatus] : s);

function Open({ link, onOpen }: { link: NoteLink; onOpen: ((id: number) => void) | undefined }): React.JSX.Element {
  const label = `${KIND[link.docType]} ${documentNumber(link.series, link.number)}`;
  return onOpen ? (
    <button type="button" className="link" onClick={() => onOpen(link.id)}>
      {label}
    </button>
  ) : (
    <span>{label}</span>
  );
}

export function NoteLinks({ detail, onOpen }: { detail: DocumentDetail; onOpen?: (id: number) => void }): React.JSX.Element | null {
  const { modifies, notes } = detail;
  if (!modifies && notes.length === 0) return null;
  return (
    <section aria-label="Notas" data-testid="note-links">
      {modifies ? (
        <p data-testid="note-modifies">
          Modifica: <Open link={modifies} onOpen={onOpen} /> del {formatDateTime(modifies.issuedAt)}
          {modifies.reasonLabel ? ` · Motivo ${modifies.reason} ${modifies.reasonLabel}` : ''}
        </p>
      ) : null}
      {notes.length > 0 ? (
        <>
          <h3>Notas de este comprobante</h3>
          <ul data-testid="note-list">
            {notes.map((n) => (
              <li key={n.id}>
                <Open link={n} onOpen={onOpen} /> · {n.reason} {n.reasonLabel ?? ''} · {formatMoney(n.total, detail.currency)} · {statusOf(n.status)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
