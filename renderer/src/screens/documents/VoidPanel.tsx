// "Anular" from a document's detail: offered only for a boleta or factura SUNAT accepted, within the
// deadline kept in Ajustes and to a supervisor; a confirmation says what it does before anything is recorded. Once
// asked, the void's state ("Anulación pendiente", "Anulado", ...) is shown from the core's evidence.
import { useEffect, useRef, useState } from 'react';
import { METHOD_ACCESS, VoidInputSchema, hasRole, type DocumentDetail, type VoidView } from '../../../../shared/bridge';
import { useSession } from '../../app/session-context';
import { Alert } from '../../components/Alert';
import { documentNumber, formatDateTime, formatDay } from '../../format/dates';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';

/** The usual reasons, chosen by their number (1–4) in the confirmation; any other is typed. */
export const VOID_REASONS = [
  'Venta registrada dos veces',
  'Error en los datos del cliente',
  'Error en el precio o la cantidad',
  'El cliente desistió de la compra',
] as const;

/** The void state of a document, read again whenever `version` changes. */
export function useVoidView(id: number, version: number): VoidView | null {
  const [view, setView] = useState<VoidView | null>(null);
  useEffect(() => {
    let alive = true;
    void call((api) => api.getVoid({ of: id })).then((result) => {
      if (alive) setView(result.ok ? result.value : null);
    });
    return () => {
      alive = false;
    };
  }, [id, version]);
  return view;
}

/** A void request stands (asked, on its way, or accepted): the document takes no note. */
export function voidStands(view: VoidView | null): boolean {
  const s = view?.request?.status;
  return s === 'pending' || s === 'sending' || s === 'attention' || s === 'voided';
}

export function VoidBadge({ view }: { view: VoidView | null }): React.JSX.Element | null {
  if (!view?.request) return null;
  const tone = view.request.status === 'voided' ? 'badge--rejected' : 'badge--pending';
  return (
    <span className={`badge ${tone}`} data-testid="void-badge" title={view.request.explanation}>
      {view.request.label}
    </span>
  );
}

interface VoidPanelProps {
  detail: DocumentDetail;
  view: VoidView | null;
  onChanged: () => void;
}

export function VoidPanel({ detail, view, onChanged }: VoidPanelProps): React.JSX.Element | null {
  const { session } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const offered = Boolean(view?.offered && !view.request);
  // Alt+A opens the confirmation from anywhere on the detail; the cursor waits on the reasons' numbers.
  useEffect(() => {
    if (!offered || confirming) return;
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.key.toLowerCase() !== 'a') return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      setConfirming(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [offered, confirming]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  // The void asked and each resend are intentions of their own; a retry of either after an error carries its key.
  const voidIntent = useIntentKey();
  const retryIntent = useIntentKey();
  if (!view || (detail.docType !== '01' && detail.docType !== '03')) return null;
  const role = METHOD_ACCESS.voidDocument;
  const mayVoid = role === 'public' || !session?.usersExist || (session.user !== null && hasRole(session.user.role, role));
  const kind = detail.docType === '01' ? 'Factura' : 'Boleta';
  const name = `${kind} ${documentNumber(detail.series, detail.number)}`;
  const route = detail.docType === '01' ? 'una comunicación de baja' : 'el resumen diario';

  const submit = async () => {
    const input = { of: detail.id, reason, clientKey: voidIntent.current() };
    const checked = VoidInputSchema.safeParse(input);
    if (!checked.success) {
      setMessage(checked.error.issues[0]?.message ?? 'Indique el motivo de la anulación.');
      return;
    }
    setBusy(true);
    const result = await call((api) => api.voidDocument(input));
    setBusy(false);
    if (!result.ok) {
      setMessage(result.error.message);
      return;
    }
    voidIntent.done();
    setConfirming(false);
    setMessage(null);
    onChanged();
  };
  const retry = async () => {
    const result = await call((api) => api.retryVoid({ of: detail.id, clientKey: retryIntent.current() }));
    if (result.ok) retryIntent.done();
    setMessage(result.ok ? null : result.error.message);
    onChanged();
  };

  const request = view.request;
  if (request) {
    const tone = request.status === 'voided' ? 'info' : request.status === 'refused' || request.status === 'invalid' ? 'error' : 'warning';
    return (
      <Alert tone={tone} title={request.label}>
        <div data-testid="void-state">
          <p>{request.explanation}</p>
          <p className="muted">
            Motivo: {request.reason}. Solicitada el {formatDateTime(request.requestedAt)}
            {request.requestedBy ? ` por ${request.requestedBy}` : ''} ({request.endpoint === 'voided' ? 'comunicación de baja' : 'resumen diario'}).
          </p>
          {request.answer ? <p className="muted">Respuesta de SUNAT: {request.answer}</p> : null}
          {request.lastError && request.status !== 'voided' ? <p className="muted">{request.lastError}</p> : null}
          {request.retryable && mayVoid ? (
            <button type="button" onClick={() => void retry()} data-testid="void-retry">
              Reintentar anulación
            </button>
          ) : null}
          {message ? <p className="detail__error">{message}</p> : null}
        </div>
      </Alert>
    );
  }
  if (!view.offered) {
    return view.why ? (
      <p className="muted" data-testid="void-why">
        Anular: {view.why}
      </p>
    ) : null;
  }
  if (!mayVoid) return <p className="muted">Para anular este comprobante, pida a un supervisor que lo haga.</p>;
  if (!confirming) {
    return (
      <div className="detail__actions">
        <button type="button" onClick={() => setConfirming(true)} data-testid="void-open" aria-keyshortcuts="Alt+A">
          Anular (Alt+A)
        </button>
        <span className="muted">Plazo para anular: hasta el {formatDay(view.lastDay ?? '')}.</span>
      </div>
    );
  }
  return (
    <section
      ref={confirmRef}
      tabIndex={-1}
      className="note-form"
      role="alertdialog"
      aria-labelledby="void-title"
      data-testid="void-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          setConfirming(false);
          return;
        }
        // A number picks a usual reason, except while a reason is being typed; the cursor goes to "Sí, anular".
        const chosen = /^[1-9]$/.test(event.key) && !(event.target instanceof HTMLInputElement) ? VOID_REASONS[Number(event.key) - 1] : undefined;
        if (!chosen) return;
        event.preventDefault();
        setReason(chosen);
        setMessage(null);
        submitRef.current?.focus();
      }}
    >
      <h3 id="void-title">¿Anular la {name}?</h3>
      <p>
        Caja enviará a SUNAT la anulación de la {name} por {route}. Si SUNAT la acepta, el comprobante deja de tener validez
        tributaria, su número no se vuelve a usar y sale de los totales de ventas. No se puede deshacer.
      </p>
      <p>
        La anulación no devuelve dinero ni mercadería: si hubo devolución, regístrela aparte. Anule solo un comprobante que el
        cliente no se llevó; si el cliente ya lo tiene, lo seguro es una nota de crédito con motivo 01.
      </p>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <ol className="void-reasons" aria-label="Motivos frecuentes">
        {VOID_REASONS.map((text, i) => (
          <li key={text}>
            <button type="button" className="button--link" aria-pressed={reason === text} onClick={() => setReason(text)}>
              <kbd>{i + 1}</kbd> {text}
            </button>
          </li>
        ))}
      </ol>
      <label>
        Motivo de la anulación
        <input value={reason} maxLength={100} onChange={(e) => setReason(e.target.value)} data-testid="void-reason" />
      </label>
      <div className="detail__actions">
        <button ref={submitRef} type="button" className="danger" onClick={() => void submit()} disabled={busy} data-testid="void-submit">
          Sí, anular
        </button>
        <button type="button" onClick={() => setConfirming(false)}>
          No, volver (Esc)
        </button>
      </div>
    </section>
  );
}
