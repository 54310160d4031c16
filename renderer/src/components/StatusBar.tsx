import { useEffect, useState } from 'react';
import type { AppStatus } from '../../../shared/bridge';
import { formatDateTime, formatTime } from '../format/dates';
import { call, pos } from '../pos';
import { currentPrintFailure, dismissPrintFailure, onPrintFailure, printInBackground, type PrintFailure } from './background-print';

/** What still works while the documents cannot be declared: said with whatever is down. */
const STILL_SELLING = 'se sigue vendiendo e imprimiendo; los comprobantes se envían solos al volver';

/**
 * What the last exchange with the API said, in the cashier's words. A request that never reached the invoicing
 * service does not prove the internet is down (the service alone may be): the internet is named only when this PC
 * itself has no network.
 */
function connectionOf(status: AppStatus, internet: boolean): { text: string; tone: 'on' | 'off' | 'unknown' | 'warn' } {
  if (!internet) return { text: `Sin internet: ${STILL_SELLING}`, tone: 'off' };
  switch (status.connection) {
    case 'online':
      return { text: 'En línea', tone: 'on' };
    case 'offline':
      return { text: `Sin conexión con el servicio de facturación: ${STILL_SELLING}`, tone: 'off' };
    case 'unresponsive':
      return { text: `El servicio de facturación no responde: ${STILL_SELLING}`, tone: 'warn' };
    case 'auth_rejected':
      return { text: 'Token rechazado', tone: 'off' };
    default:
      if (status.online === null) return { text: 'Conexión sin verificar', tone: 'unknown' };
      return status.online ? { text: 'En línea', tone: 'on' } : { text: 'Sin conexión', tone: 'off' };
  }
}

function RetryAll(): React.JSX.Element {
  const [note, setNote] = useState<string | null>(null);
  const run = async () => {
    const result = await call((api) => api.retryAll({}));
    setNote(result.ok ? `Enviando ${result.value.count} comprobante(s)` : result.error.message);
  };
  return (
    <span className="statusbar__item">
      <button type="button" className="statusbar__button" onClick={() => void run()}>
        Reintentar todos
      </button>
      {note ? <span className="muted"> {note}</span> : null}
    </span>
  );
}

/** Whether this PC has a network at all (the operating system's word, followed as it changes). */
function useInternet(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** Bottom bar: connectivity, documents waiting to be sent, last successful send. Updated live by events. */
export function StatusBar({ status }: { status: AppStatus | null }): React.JSX.Element {
  const internet = useInternet();
  return (
    <footer className="statusbar" role="status" aria-label="Estado del sistema" aria-live="polite">
      {status === null ? (
        <span>Cargando estado…</span>
      ) : (
        <>
          <span className={`statusbar__item statusbar__conn statusbar__conn--${connectionOf(status, internet).tone}`} data-testid="connection">
            {connectionOf(status, internet).text}
          </span>
          <span className="statusbar__item" data-testid="pending-count">
            Pendientes de envío: <strong>{status.pending}</strong>
          </span>
          {status.pending > 0 || status.invalid > 0 ? <RetryAll /> : null}
          {status.voidsWaiting > 0 ? (
            // An «Anular» is a declaration too; until SUNAT's evidence settles it, it is still to be sent.
            <span className="statusbar__item" data-testid="voids-waiting">
              Anulaciones por confirmar: <strong>{status.voidsWaiting}</strong>
            </span>
          ) : null}
          {status.notesAwaitingSol > 0 ? (
            // Only a CDR can prove a note whose answer was lost; without SOL credentials nothing will ever ask for it.
            <span className="statusbar__item statusbar__warn" data-testid="notes-awaiting-sol">
              Notas por confirmar: <strong>{status.notesAwaitingSol}</strong> (guarde la clave SOL: Documentos → Obtener CDR)
            </span>
          ) : null}
          {status.needsAttention > 0 ? (
            // Rejected, refused by the API, number taken, unclear answer; each until re-issued.
            <span className="statusbar__item statusbar__warn" data-testid="attention-count">
              Requieren atención: <strong>{status.needsAttention}</strong> (vea Documentos → Requiere atención)
            </span>
          ) : null}
          <span className="statusbar__item">Último envío correcto: {status.lastSuccessAt ? formatDateTime(status.lastSuccessAt) : '—'}</span>
          {status.authBlocked ? (
            <span className="statusbar__item statusbar__warn" data-testid="auth-blocked">
              Token rechazado
              {status.authRetryAt ? `; reintento a las ${formatTime(status.authRetryAt)}` : ''}. Si persiste, revise el token en Ajustes.
            </span>
          ) : null}
          <PrintFailureChip />
          <CoreNoticeChip />
          {status.storageDamage ? (
            // Found by the check of the whole file after start: the till still sells; the next start offers the restore.
            <span className="statusbar__item statusbar__warn" data-testid="storage-damage">
              {status.storageDamage}
            </span>
          ) : null}
          {status.shopServer ? <ShopServerChip server={status.shopServer} /> : null}
          {status.clockOffMinutes !== null ? (
            <span className="statusbar__item statusbar__warn" data-testid="clock-warning">
              El reloj de esta PC está {Math.abs(status.clockOffMinutes)} min {status.clockOffMinutes > 0 ? 'adelantado' : 'atrasado'}: corrija la
              hora de Windows, la fecha de emisión sale de este reloj.
            </span>
          ) : null}
        </>
      )}
    </footer>
  );
}

/** The core's worker was restarted after a failure, or stopped after several: said until dismissed. */
function CoreNoticeChip(): React.JSX.Element | null {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => pos().onEvent((event) => (event.type === 'core_restarted' || event.type === 'core_stopped' ? setNotice(event.message) : undefined)), []);
  if (!notice) return null;
  return (
    <span className="statusbar__item statusbar__warn" data-testid="core-notice">
      {notice}{' '}
      <button type="button" className="statusbar__button" onClick={() => setNotice(null)} aria-label="Descartar aviso">
        ×
      </button>
    </span>
  );
}

/** A print that ran in the background after a sale and failed: said here, with "Reimprimir". */
function PrintFailureChip(): React.JSX.Element | null {
  const [failure, setFailure] = useState<PrintFailure | null>(currentPrintFailure());
  const [retrying, setRetrying] = useState(false);
  useEffect(() => onPrintFailure(setFailure), []);
  if (!failure) return null;
  const what = failure.job.label.replace(/ emitida$/, '');
  const retry = async () => {
    setRetrying(true);
    await printInBackground(failure.job);
    setRetrying(false);
  };
  return (
    <span className="statusbar__item statusbar__warn" data-testid="print-failure">
      No se imprimió {what} (la venta quedó registrada; se sigue vendiendo): {failure.message}{' '}
      <button type="button" className="statusbar__button" disabled={retrying} onClick={() => void retry()}>
        {retrying ? 'Imprimiendo…' : 'Reimprimir'}
      </button>{' '}
      <button type="button" className="statusbar__button" onClick={dismissPrintFailure} aria-label="Descartar aviso de impresión">
        ×
      </button>
    </span>
  );
}

const SERVER_TEXT: Record<NonNullable<AppStatus['shopServer']>['state'], string> = {
  off: 'Servidor de la tienda: desactivado',
  connecting: 'Servidor de la tienda: conectando…',
  online: 'Servidor de la tienda: en línea',
  offline: 'Servidor de la tienda: sin conexión',
  conflict: 'Servidor de la tienda: serie en uso por otra caja',
  refused: 'Servidor de la tienda: versión más nueva',
};

/** The shop server: its state, what is still to go up, and why it does not when it does not. */
function ShopServerChip({ server }: { server: NonNullable<AppStatus['shopServer']> }): React.JSX.Element {
  const warn = (server.state !== 'online' && server.state !== 'off') || server.setAside > 0;
  return (
    <span className={`statusbar__item${warn ? ' statusbar__warn' : ''}`} data-testid="shop-server" title={server.message ?? undefined}>
      {SERVER_TEXT[server.state]}
      {server.pending > 0 ? ` (${server.pending} por subir)` : ''}
      {server.state === 'offline' ? '; esta caja sigue vendiendo y sube sus ventas al volver' : ''}
      {server.setAside > 0 ? ` · ${server.setAside} apartado(s) por el servidor: ver Documentos` : ''}
      {warn && server.message ? `: ${server.message}` : ''}
    </span>
  );
}

/** The permanent banner of demo mode. */
export function DemoBanner(): React.JSX.Element {
  return (
    <div className="demo-banner" role="note">
      MODO DEMO: los documentos no se declaran a SUNAT
    </div>
  );
}
