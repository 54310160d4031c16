// The ticket of a local document in a dialog: after issuing (original) or to reprint it (copy). The document's
// outbox state is shown above the ticket and follows the core's events (the hash and the QR's last field arrive
// with the authority's answer).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DocumentDetail, DocStatus } from '../../../shared/bridge';
import { ticketFromDocument } from '../../print/ticket-data';
import { formatAmount } from '../format/money';
import { useSettings } from '../app/settings-context';
import { call, pos } from '../pos';
import { Alert } from './Alert';
import { StatusBadge } from './StatusBadge';
import { TicketDialog } from './TicketDialog';

/** What payments gave, to the cent. */
function sumApplied(payments: readonly { applied: string }[]): string {
  return (payments.reduce((cents, p) => cents + Math.round(Number(p.applied) * 100), 0) / 100).toFixed(2);
}

interface DocumentTicketDialogProps {
  id: number;
  title: string | ((detail: DocumentDetail) => string);
  copy: boolean;
  /** Cash the customer handed over (right after issuing): the ticket prints it and the change. */
  cashReceived?: string;
  onClose: () => void;
  /** After a print or PDF (a copy was counted). */
  onPrinted?: () => void;
  /** Right after issuing: Enter prints (per the setting) and starts the next sale. */
  afterIssue?: boolean;
}

export function DocumentTicketDialog({ id, title, copy, cashReceived, onClose, onPrinted, afterIssue }: DocumentTicketDialogProps): React.JSX.Element | null {
  const { settings } = useSettings();
  const [detail, setDetail] = useState<DocumentDetail | null>(null);
  const [status, setStatus] = useState<DocStatus | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  const printed = useCallback(() => {
    setVersion((v) => v + 1); // the count of copies changed
    onPrinted?.();
  }, [onPrinted]);
  const source = useMemo(() => ({ kind: 'document' as const, id }), [id]);

  useEffect(() => {
    return pos().onEvent((event) => {
      if (event.type === 'document' && event.id === id) {
        setStatus(event.status);
        setVersion((v) => v + 1); // the hash and the CDR arrive with the new state
      }
    });
  }, [id]);

  useEffect(() => {
    let alive = true;
    void call((api) => api.getDocument({ id })).then((result) => {
      if (!alive) return;
      if (result.ok) setDetail(result.value);
      else setError(result.error.message);
    });
    return () => {
      alive = false;
    };
  }, [id, version]);

  if (error) {
    return (
      <div className="dialog-fallback">
        <Alert tone="error" title="No se pudo mostrar el comprobante">
          {error}
        </Alert>
        <button type="button" onClick={onClose}>
          Cerrar
        </button>
      </div>
    );
  }
  if (!detail || !settings) return null;
  const data = ticketFromDocument(detail, settings.company, { copy, ...(cashReceived ? { cashReceived } : {}) });
  // Right after issuing, the change is what the cashier hands over next: large, above everything. A credit
  // note has no change: what is handed over is its cash refund ("DEVOLVER"); a refund by card or Yape goes back there.
  const isNote = detail.docType === '07' || detail.docType === '08';
  const change = afterIssue && !isNote ? (data.payment.change ?? data.payment.cash?.change ?? null) : null;
  const refundCash = afterIssue && detail.docType === '07' ? sumApplied(detail.payments.filter((p) => p.kind === 'cash')) : null;
  const refundOther = afterIssue && detail.docType === '07' ? detail.payments.filter((p) => p.kind !== 'cash') : [];
  return (
    <TicketDialog
      title={typeof title === 'string' ? title : title(detail)}
      data={data}
      source={source}
      onClose={onClose}
      onPrinted={printed}
      {...(afterIssue ? { next: { print: settings.sale.printOnIssue, label: typeof title === 'string' ? title : title(detail) } } : {})}
    >
      {refundCash !== null && refundCash !== '0.00' ? (
        <p className="ticket-dialog__change" data-testid="issued-refund">
          DEVOLVER {data.currencySymbol} {formatAmount(refundCash)}
        </p>
      ) : null}
      {refundOther.map((p, i) => (
        <p key={i} className="ticket-dialog__refund-other" data-testid="issued-refund-other">
          Devolver por {p.label}: {data.currencySymbol} {formatAmount(p.applied)}
        </p>
      ))}
      {change !== null ? (
        <p className="ticket-dialog__change" data-testid="issued-change">
          {/* A dollar sale's change is handed back in soles, at its exchange rate. */}
          {data.payment.changeInSoles ? `VUELTO S/ ${formatAmount(data.payment.changeInSoles)}` : `VUELTO ${data.currencySymbol} ${formatAmount(change)}`}
        </p>
      ) : null}
      <p className="ticket-dialog__status">
        Estado del envío: <StatusBadge status={status ?? detail.status} />
        {copy ? (
          <>
            {' · '}
            <span data-testid="ticket-reprints">Reimpresiones: {detail.reprints}</span>
          </>
        ) : null}
      </p>
      {(status ?? detail.status) === 'rejected' ? (
        <Alert tone="error" title="SUNAT rechazó este comprobante">
          Su número queda anulado: emita un nuevo comprobante.
        </Alert>
      ) : null}
      {(status ?? detail.status) === 'invalid' ? (
        // Nothing was declared; Documentos offers "Reenviar", "Corregir y reenviar" and "Reemitir".
        <Alert tone="error" title="La API no aceptó este comprobante: no está declarado">
          Resuélvalo en Documentos: reenvíelo, corrija los datos del cliente o reemítalo con un número nuevo.
        </Alert>
      ) : null}
    </TicketDialog>
  );
}
