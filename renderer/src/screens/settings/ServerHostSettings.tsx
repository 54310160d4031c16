// Ajustes → Servidor de la tienda → "Esta PC es el servidor de la tienda": the office PC (or any till)
// hosts the shop server from the PostgreSQL Caja ships. Shows its state, the address the other tills type, a one-time
// code for a new till, and its copies (daily, verified, restorable). Nothing here holds a password.
import { useEffect, useState } from 'react';
import { SERVER_DUMP_REASON_LABELS, type ServerHostView } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';

const gb = (bytes: number) => `${(bytes / 1024 ** 3).toLocaleString('es-PE', { maximumFractionDigits: 1 })} GB`;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toLocaleString('es-PE', { maximumFractionDigits: 0 })} MB`;
const when = (iso: string) => new Date(iso).toLocaleString('es-PE', { dateStyle: 'short', timeStyle: 'short' });
const CHECK_LABELS = { ok: 'Verificada', failed: 'Falló la verificación', unverified: 'Sin verificar' } as const;

const fetchView = () => call((api) => api.getServerHost({}));

export function ServerHostSettings(): React.JSX.Element {
  const [view, setView] = useState<ServerHostView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<SaveMessage>(null);
  const [confirmRestore, setConfirmRestore] = useState<string | null>(null);

  const apply = (r: Awaited<ReturnType<typeof fetchView>>) => {
    if (r.ok) setView(r.value);
    else setMessage({ tone: 'error', text: r.error.message });
  };
  const load = async () => apply(await fetchView());
  useEffect(() => {
    let alive = true;
    void fetchView().then((r) => alive && apply(r));
    return () => {
      alive = false;
    };
  }, []);

  /** Runs one action; its answer (a view) replaces the page's. */
  const act = async (label: string, fn: () => Promise<{ ok: true; value: ServerHostView } | { ok: false; error: { message: string } }>, done: string) => {
    setBusy(label);
    setMessage(null);
    const r = await fn();
    setBusy(null);
    if (r.ok) {
      setView(r.value);
      setMessage({ tone: 'success', text: done });
    } else setMessage({ tone: 'error', text: r.error.message });
  };

  const newCode = async () => {
    setBusy('code');
    const r = await call((api) => api.newRegistrationCode({}));
    setBusy(null);
    if (!r.ok) setMessage({ tone: 'error', text: r.error.message });
    await load();
  };

  const restore = async (fileName: string) => {
    setConfirmRestore(null);
    setBusy('restore');
    const r = await call((api) => api.restoreServerHostDump({ fileName }));
    setBusy(null);
    setMessage(r.ok ? { tone: 'success', text: `Copia restaurada. La base anterior se guardó como «${r.value.keptAs}».` } : { tone: 'error', text: r.error.message });
    await load();
  };

  if (!view) return <p className="muted">Consultando el servidor de esta PC…</p>;
  const port = view.port ?? 5432;
  return (
    <div className="settings__form" aria-label="Esta PC es el servidor de la tienda" role="group">
      <h3>Esta PC es el servidor de la tienda</h3>
      {!view.configured ? (
        <>
          <p className="muted">
            Caja crea y atiende la base de datos de la tienda en esta PC, con conexión cifrada. Las demás cajas se unen con la dirección y un código.
          </p>
          <button type="button" disabled={busy !== null} onClick={() => void act('enable', () => call((api) => api.enableServerHost({})), 'El servidor de la tienda está funcionando en esta PC.')}>
            {busy === 'enable' ? 'Creando el servidor…' : 'Hacer de esta PC el servidor de la tienda'}
          </button>
        </>
      ) : (
        <>
          <p data-testid="server-host-state">
            Estado: <strong>{view.running ? 'Funcionando' : 'Detenido'}</strong>
            {view.disk && ` · Datos: ${mb(view.disk.dataBytes)} · Libre en el disco: ${gb(view.disk.freeBytes)} de ${gb(view.disk.totalBytes)}`}
          </p>
          {view.problem && <Alert tone="error">{view.problem}</Alert>}
          {view.versionNote && (
            <Alert tone="error">
              {view.versionNote} Los datos se copian y se restauran en la nueva versión; la carpeta anterior se conserva.{' '}
              <button type="button" disabled={busy !== null} onClick={() => void act('adopt', () => call((api) => api.adoptServerHostMajor({})), 'Datos actualizados a la nueva versión.')}>
                Actualizar datos del servidor
              </button>
            </Alert>
          )}
          <p>
            En las demás cajas escriba la dirección{' '}
            {view.addresses.length > 0 ? <strong data-testid="server-host-address">{view.addresses.join(' o ')}</strong> : '(esta PC no tiene red: solo funciona en ella misma)'} y el
            puerto <strong data-testid="server-host-port">{port}</strong>
            {view.advertised && ' (también la encuentran con «Buscar en la red»)'}.
          </p>
          {view.code ? (
            <p>
              Código para una caja nueva: <strong className="mono" data-testid="server-host-code">{view.code.code}</strong> (sirve una vez, hasta el {when(view.code.expiresAt)}).
            </p>
          ) : null}
          <div className="settings__inline">
            <button type="button" disabled={busy !== null || !view.running} onClick={() => void newCode()}>
              Generar código para una caja
            </button>
            {view.running ? (
              <button type="button" disabled={busy !== null} onClick={() => void act('stop', () => call((api) => api.stopServerHost({})), 'Servidor detenido (se hizo una copia).')}>
                Detener
              </button>
            ) : (
              <button type="button" disabled={busy !== null} onClick={() => void act('start', () => call((api) => api.startServerHost({})), 'Servidor iniciado.')}>
                Iniciar
              </button>
            )}
            <button type="button" disabled={busy !== null || !view.running} onClick={() => void act('dump', () => call((api) => api.dumpServerHostNow({})), 'Copia del servidor hecha y verificada.')}>
              {busy === 'dump' ? 'Copiando…' : 'Copiar ahora'}
            </button>
          </div>
          <p className="muted">Caja hace una copia diaria del servidor en la carpeta de copias (subcarpeta servidor-tienda) y la verifica restaurándola aparte.</p>
          {view.dumps.length > 0 && (
            <table className="table" aria-label="Copias del servidor">
              <thead>
                <tr>
                  <th>Fecha</th>
                  <th>Tipo</th>
                  <th>Estado</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {view.dumps.map((d) => (
                  <tr key={d.fileName}>
                    <td>{when(d.createdAt)}</td>
                    <td>{SERVER_DUMP_REASON_LABELS[d.reason]}</td>
                    <td title={d.message ?? undefined}>{CHECK_LABELS[d.check]}</td>
                    <td>
                      {confirmRestore === d.fileName ? (
                        <>
                          <button type="button" className="button--danger" disabled={busy !== null} onClick={() => void restore(d.fileName)}>
                            Sí, restaurar
                          </button>{' '}
                          <button type="button" onClick={() => setConfirmRestore(null)}>
                            Cancelar
                          </button>
                        </>
                      ) : (
                        <button type="button" disabled={busy !== null || !view.running || d.check === 'failed'} onClick={() => setConfirmRestore(d.fileName)}>
                          Restaurar
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {confirmRestore && (
            <Alert tone="error">
              Restaurar reemplaza los datos del servidor por los de esa copia; las cajas se desconectan un momento y se reconectan solas. Antes se
              hace una copia de lo actual y la base actual se guarda con otro nombre.
            </Alert>
          )}
        </>
      )}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </div>
  );
}
