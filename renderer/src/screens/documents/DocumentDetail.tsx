// Everything about one document: the data sent, the hash, the authority's answer, the CDR, its history and the
// deadline; actions: retry now, reprint, save the CDR, save as PDF. A document SUNAT rejected, the API
// refused or whose number is taken says so in one plain sentence and offers its way out: "Reenviar" and "Corregir y
// reenviar" (same number) for a refused one, "Reemitir" (a new number) for the three.
import { useEffect, useState } from 'react';
import { cancellingNote } from '../../../../shared/catalog';
import {
  DOC_STATUS_EXPLANATIONS, DOC_STATUS_LABELS, METHOD_ACCESS, REISSUABLE_STATUSES, hasRole,
  type DocStatus, type DocumentDetail as Detail,
} from '../../../../shared/bridge';
import { useSession } from '../../app/session-context';
import { Alert } from '../../components/Alert';
import { downloadBase64 } from '../../components/download';
import { StatusBadge } from '../../components/StatusBadge';
import { documentNumber, formatDateTime, formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { useIntentKey } from '../../intent-key';
import { call, pos } from '../../pos';
import { CorrectCustomerForm } from './CorrectCustomerForm';
import { DocumentItems } from './DocumentItems';
import { EmailPanel } from './EmailPanel';
import { NoteForm } from './NoteForm';
import { SharePanel } from './SharePanel';
import { NoteLinks } from './NoteLinks';
import { VoidBadge, VoidPanel, useVoidView, voidStands } from './VoidPanel';

interface DocumentDetailProps {
  id: number;
  /** Changes when something the list did (a reprint) changed the document. */
  refresh: number;
  onReprint: (id: number) => void;
  onChanged: () => void;
  /** Opens another document (a note, or the document a note modifies). */
  onOpen?: (id: number) => void;
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function statusLabel(s: string | null): string {
  return s && s in DOC_STATUS_LABELS ? DOC_STATUS_LABELS[s as DocStatus] : (s ?? '—');
}

/** What the cashier must do about a document the outbox cannot finish on its own: one plain sentence per status. */
function StatusAdvice({ detail }: { detail: Detail }): React.JSX.Element | null {
  const { status, lastError } = detail;
  const explanation = <p data-testid="status-explanation">{DOC_STATUS_EXPLANATIONS[status]}</p>;
  if (detail.reissuedAs) {
    return (
      <Alert tone="info" title={`Reemitido como ${documentNumber(detail.reissuedAs.series, detail.reissuedAs.number)}`}>
        {explanation}
        <p>Esa venta la lleva ahora el nuevo comprobante; este queda solo como registro.</p>
      </Alert>
    );
  }
  if (status === 'rejected') {
    return (
      <Alert tone="error" title="SUNAT rechazó este comprobante">
        {explanation}
        {lastError ? <p className="muted">Motivo: {lastError}</p> : null}
      </Alert>
    );
  }
  if (status === 'invalid') {
    return (
      <Alert tone="error" title="La API no aceptó este comprobante: no está declarado">
        {explanation}
        {lastError ? <p className="muted">Respuesta de la API: {lastError}</p> : null}
      </Alert>
    );
  }
  if (status === 'blocked_auth') {
    return (
      <Alert tone="warning" title="Envío detenido">
        La API rechazó el token. Caja lo vuelve a probar sola cada cierto tiempo; si persiste, revise el token en Ajustes.
      </Alert>
    );
  }
  if (status === 'attention') {
    return (
      <Alert tone="warning" title="Requiere atención">
        {lastError ?? 'La respuesta de la API no se pudo interpretar.'} Con «Reintentar ahora» Caja consulta su estado
        (no lo declara dos veces).
      </Alert>
    );
  }
  if (status === 'conflict') {
    return (
      <Alert tone="error" title="Número ocupado por otro comprobante">
        {explanation}
        {lastError ? <p className="muted">{lastError}</p> : null}
        <p>«Reemitir con número nuevo» emite la misma venta con el siguiente número, vinculada a esta.</p>
      </Alert>
    );
  }
  // Pending, sending, accepted, observed: nothing to do, the sentence says where it stands.
  return (
    <p className="muted" data-testid="status-explanation">
      {DOC_STATUS_EXPLANATIONS[status]}
    </p>
  );
}

/** Accepted by reconciliation without a CDR: say so, and offer to fetch it with the SOL credentials. */
function MissingCdr({ detail, onFetched }: { detail: Detail; onFetched: () => void }): React.JSX.Element | null {
  const [note, setNote] = useState<string | null>(null);
  if (!detail.cdrMissing) return null;
  const fetchCdr = async () => {
    const ruc = (JSON.parse(detail.payload) as { empresa_Ruc: string }).empresa_Ruc;
    const result = await call((api) =>
      api.queryCdr({ ruc, usuario: '', password: '', tipo_doc: detail.docType, serie: detail.series, correlativo: String(detail.number), remember: false }),
    );
    if (result.ok) onFetched();
    else setNote(`${result.error.message} Guarde su usuario y clave SOL en Consultas → CDR para obtenerlo.`);
  };
  return (
    <Alert tone="info" title="Aceptado sin CDR">
      SUNAT ya tenía este comprobante con los mismos datos (se concilió por consulta), pero no se recibió su constancia
      (CDR). <button type="button" onClick={() => void fetchCdr()}>Obtener CDR</button>
      {note ? <span className="muted"> {note}</span> : null}
    </Alert>
  );
}

function DeadlineWarning({ detail }: { detail: Detail }): React.JSX.Element | null {
  const { deadline } = detail;
  const day = formatDay(deadline.lastDay);
  if (deadline.overdue) {
    return <Alert tone="error" title="Plazo vencido">El último día para enviarlo a SUNAT fue el {day}.</Alert>;
  }
  if (deadline.atRisk) {
    return <Alert tone="warning" title="El plazo vence pronto">Último día para enviarlo a SUNAT: {day}.</Alert>;
  }
  return null;
}

export function DocumentDetail({ id, refresh, onReprint, onChanged, onOpen }: DocumentDetailProps): React.JSX.Element {
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [correcting, setCorrecting] = useState(false);
  const [noting, setNoting] = useState<'07' | '08' | null>(null);
  // The re-issue of this document: one key until it succeeds; another document is another intention.
  const reissueIntent = useIntentKey();
  useEffect(() => reissueIntent.done(), [id, reissueIntent]);
  const { session } = useSession();
  // The void's state ("Anular", "Anulación pendiente", "Anulado"), read with the detail.
  const voidView = useVoidView(id, version + refresh);

  useEffect(() => pos().onEvent((event) => {
    if (event.type === 'document' && event.id === id) setVersion((v) => v + 1);
  }), [id]);

  useEffect(() => {
    let alive = true;
    void call((api) => api.getDocument({ id })).then((result) => {
      if (!alive) return;
      if (result.ok) {
        setDetail(result.value);
        setError(null);
      } else setError(result.error.message);
    });
    return () => {
      alive = false;
    };
  }, [id, version, refresh]);

  if (error) return <Alert tone="error" title="No se pudo abrir el documento">{error}</Alert>;
  if (!detail) return <p className="muted">Cargando documento…</p>;

  const kind = { '01': 'Factura', '03': 'Boleta', '07': 'Nota de crédito', '08': 'Nota de débito' }[detail.docType];
  const name = `${kind} ${documentNumber(detail.series, detail.number)}`;
  // A note on a boleta or factura SUNAT took, by a supervisor. The core lets a cashier issue one with a
  // supervisor's PIN (the return at the till, F7, asks for it first); this form asks for none, so it stays theirs.
  const noteRole = 'supervisor' as const;
  const mayNote = !session?.usersExist || (session.user !== null && hasRole(session.user.role, noteRole));
  // A document undone whole by an accepted credit note says so, and takes no more notes.
  const cancelling = cancellingNote(detail.notes);
  const notable = (detail.docType === '01' || detail.docType === '03') && (detail.status === 'accepted' || detail.status === 'observed') && mayNote && !voidStands(voidView) && !cancelling;
  const canRetry = detail.status === 'pending' || detail.status === 'blocked_auth' || detail.status === 'attention';
  // What is left to do about a rejected, refused or number-taken document, until it is re-issued.
  const open = detail.reissuedAs === null;
  const refused = detail.status === 'invalid' && open;
  const reissuable = REISSUABLE_STATUSES.includes(detail.status) && open;
  const reissueRole = METHOD_ACCESS.reissueDocument;
  const mayReissue = reissueRole === 'public' || !session?.usersExist || (session.user !== null && hasRole(session.user.role, reissueRole));

  const retry = async () => {
    const result = await call((api) => api.retryDocument({ id }));
    const sent = detail.status === 'invalid' ? 'Reenvío solicitado: se enviará en unos segundos con el mismo número.' : 'Reintento solicitado: se enviará en unos segundos.';
    setMessage(result.ok ? sent : result.error.message);
    setVersion((v) => v + 1);
    onChanged();
  };
  const reissue = async () => {
    // A re-issue whose answer was lost, asked again, answers the document it made instead of a third number.
    const result = await call((api) => api.reissueDocument({ id, clientKey: reissueIntent.current() }));
    if (result.ok) reissueIntent.done();
    setMessage(
      result.ok
        ? `Reemitido como ${documentNumber(result.value.series, result.value.number)}: se enviará en unos segundos.`
        : result.error.message,
    );
    setVersion((v) => v + 1);
    onChanged();
  };
  const saveCdr = async () => {
    const result = await call((api) => api.getCdrZip({ id }));
    if (result.ok) downloadBase64(result.value.base64, result.value.fileName);
    else setMessage(result.error.message);
  };

  return (
    <article className="detail" aria-labelledby="detail-title">
      <header className="detail__head">
        <h2 id="detail-title">{name}</h2>
        {voidView?.request?.status === 'voided' ? null : <StatusBadge status={detail.status} />}
        <VoidBadge view={voidView} />
        {detail.demo ? <span className="badge badge--demo">Demo</span> : null}
      </header>
      {/* A voided document's own sentence would say it is valid: the void's panel speaks instead. */}
      {voidView?.request?.status === 'voided' ? null : cancelling ? (
        <Alert tone="info" title={`Anulado mediante la nota de crédito ${documentNumber(cancelling.series, cancelling.number)}`}>
          SUNAT aceptó esa nota: este comprobante ya no tiene efecto y no admite más notas.
        </Alert>
      ) : (
        <StatusAdvice detail={detail} />
      )}
      <MissingCdr detail={detail} onFetched={() => setVersion((v) => v + 1)} />
      <DeadlineWarning detail={detail} />
      {message ? <Alert tone="info">{message}</Alert> : null}
      <div className="detail__actions">
        {refused ? (
          <>
            <button type="button" onClick={() => void retry()} title="Los mismos datos y el mismo número, por si el problema era de la cuenta">
              Reenviar
            </button>
            <button type="button" onClick={() => setCorrecting(true)} disabled={correcting}>
              Corregir y reenviar
            </button>
          </>
        ) : (
          <button type="button" onClick={() => void retry()} disabled={!canRetry}>
            Reintentar ahora
          </button>
        )}
        {reissuable && mayReissue ? (
          <button type="button" onClick={() => void reissue()}>
            Reemitir con número nuevo
          </button>
        ) : null}
        {notable ? (
          <>
            <button type="button" onClick={() => setNoting('07')} disabled={noting !== null} data-testid="new-credit-note">
              Nota de crédito
            </button>
            <button type="button" onClick={() => setNoting('08')} disabled={noting !== null} data-testid="new-debit-note">
              Nota de débito
            </button>
          </>
        ) : null}
        <button type="button" onClick={() => onReprint(id)} aria-keyshortcuts="Control+P">
          Reimprimir o guardar PDF (Ctrl+P)
        </button>
        <button type="button" onClick={() => void saveCdr()} disabled={!detail.hasCdrZip}>
          Guardar CDR (zip)
        </button>
      </div>
      {reissuable && !mayReissue ? <p className="muted">Para reemitirlo con un número nuevo, pida a un supervisor que lo haga.</p> : null}
      {refused && correcting ? (
        <CorrectCustomerForm
          detail={detail}
          onCancel={() => setCorrecting(false)}
          onDone={(summary) => {
            setCorrecting(false);
            setMessage(`Corregido: ${documentNumber(summary.series, summary.number)} se reenvía con el mismo número a nombre de ${summary.customerName}.`);
            setVersion((v) => v + 1);
            onChanged();
          }}
        />
      ) : null}
      {noting ? (
        <NoteForm
          key={noting}
          detail={detail}
          type={noting}
          onCancel={() => setNoting(null)}
          onDone={(summary) => {
            setNoting(null);
            setMessage(`Emitida ${noting === '07' ? 'la nota de crédito' : 'la nota de débito'} ${documentNumber(summary.series, summary.number)}: se enviará en unos segundos.`);
            setVersion((v) => v + 1);
            onChanged();
          }}
        />
      ) : null}
      <VoidPanel
        detail={detail}
        view={voidView}
        onChanged={() => {
          setVersion((v) => v + 1);
          onChanged();
        }}
      />
      <NoteLinks detail={detail} onOpen={onOpen} />
      <EmailPanel detail={detail} onChanged={() => setVersion((v) => v + 1)} />
      <SharePanel detail={detail} />
      <dl className="detail__facts">
        <dt>Emisión</dt>
        <dd>{formatDateTime(detail.issuedAt)}</dd>
        <dt>Cliente</dt>
        <dd>
          {detail.customerName} ({detail.customerDocNumber})
        </dd>
        <dt>Total</dt>
        <dd>{formatMoney(detail.total, detail.currency)}</dd>
        <dt>Último día de envío</dt>
        <dd>{formatDay(detail.deadline.lastDay)}</dd>
        <dt>Intentos de envío</dt>
        <dd>{detail.attempts}</dd>
        {detail.nextAttemptAt && canRetry ? (
          <>
            <dt>Próximo intento</dt>
            <dd>{formatDateTime(detail.nextAttemptAt)}</dd>
          </>
        ) : null}
        <dt>Hash (resumen)</dt>
        <dd className="mono" data-testid="detail-hash">{detail.hash ?? '—'}</dd>
        <dt>Código SUNAT</dt>
        <dd data-testid="detail-cdr-code">{detail.cdrCode ?? '—'}</dd>
        <dt>Descripción</dt>
        <dd data-testid="detail-cdr-description">{detail.cdrDescription ?? '—'}</dd>
        <dt>Reimpresiones</dt>
        <dd data-testid="detail-reprints">{detail.reprints}</dd>
        {detail.lastError ? (
          <>
            <dt>Último error</dt>
            <dd className="detail__error">{detail.lastError}</dd>
          </>
        ) : null}
      </dl>
      <DocumentItems detail={detail} />
      {detail.cdrNotes.length > 0 ? (
        <section aria-label="Observaciones de SUNAT">
          <h3>Observaciones</h3>
          <ul>
            {detail.cdrNotes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="history-title">
        <h3 id="history-title">Historial</h3>
        <table className="history">
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">De</th>
              <th scope="col">A</th>
              <th scope="col">Detalle</th>
            </tr>
          </thead>
          <tbody>
            {detail.events.map((event, i) => (
              <tr key={i}>
                <td>{formatDateTime(event.at)}</td>
                <td>{statusLabel(event.fromStatus)}</td>
                <td>{statusLabel(event.toStatus)}</td>
                <td>
                  {event.detail ?? ''}
                  {event.repeats > 1 ? ` (×${event.repeats}, la última ${formatDateTime(event.lastAt)})` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <details className="detail__raw">
        <summary>Datos enviados (JSON)</summary>
        <pre className="code" data-testid="detail-payload">{prettyJson(detail.payload)}</pre>
      </details>
      {detail.cdrXml ? (
        <details className="detail__raw">
          <summary>CDR (XML)</summary>
          <pre className="code" data-testid="detail-cdr-xml">{detail.cdrXml}</pre>
        </details>
      ) : null}
    </article>
  );
}
