import type { AppStatus } from '../../../shared/bridge';
import { formatDateTime } from '../format/dates';

function connectionText(online: boolean | null): string {
  if (online === null) return 'Conexión sin verificar';
  return online ? 'En línea' : 'Sin conexión';
}

/** Bottom bar: connectivity, documents waiting to be sent, last successful send. Updated live by events. */
export function StatusBar({ status }: { status: AppStatus | null }): React.JSX.Element {
  return (
    <footer className="statusbar" role="status" aria-label="Estado del sistema" aria-live="polite">
      {status === null ? (
        <span>Cargando estado…</span>
      ) : (
        <>
          <span className={`statusbar__item statusbar__conn statusbar__conn--${status.online === null ? 'unknown' : status.online ? 'on' : 'off'}`}>
            {connectionText(status.online)}
          </span>
          <span className="statusbar__item" data-testid="pending-count">
            Pendientes de envío: <strong>{status.pending}</strong>
          </span>
          <span className="statusbar__item">Último envío correcto: {status.lastSuccessAt ? formatDateTime(status.lastSuccessAt) : '—'}</span>
          {status.authBlocked ? (
            <span className="statusbar__item statusbar__warn">Envío detenido: revise el token en Ajustes</span>
          ) : null}
        </>
      )}
    </footer>
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
