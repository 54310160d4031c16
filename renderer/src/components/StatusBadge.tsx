import { DOC_STATUS_LABELS, type DocStatus } from '../../../shared/bridge';

/** The outbox state of a document as a coloured badge with its Spanish label. */
export function StatusBadge({ status }: { status: DocStatus }): React.JSX.Element {
  return <span className={`badge badge--${status}`}>{DOC_STATUS_LABELS[status]}</span>;
}
