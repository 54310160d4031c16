// Copias de seguridad: the folder in use, the copies in it with their verification, a copy on demand, another folder,
// and restoring a copy (RestoreBackup).
import { BACKUP_REASON_LABELS, type BackupInfo } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { formatDateTime } from '../../format/dates';
import { RestoreBackup } from './RestoreBackup';
import { useBackups, type BackupOutcome } from './use-backups';

/** 1536 → '1.5 KB'. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function CheckCell({ backup }: { backup: BackupInfo }): React.JSX.Element {
  if (backup.check === 'ok') {
    return (
      <span className="backup-check backup-check--ok">
        <span aria-hidden="true">✓</span> Verificada
      </span>
    );
  }
  if (backup.check === 'failed') {
    return (
      <span className="backup-check backup-check--failed">
        <span aria-hidden="true">✗</span> No pasó la verificación{backup.message ? `: ${backup.message}` : ''}
      </span>
    );
  }
  return <span className="backup-check muted">Sin verificar{backup.message ? `: ${backup.message}` : ''}</span>;
}

/** The day of a copy as the list shows it (dd/mm/aaaa, Lima), from the listed copy or else from its name. */
function dayOfCopy(fileName: string, backups: BackupInfo[]): string {
  const listed = backups.find((b) => b.fileName === fileName);
  if (listed) return formatDateTime(listed.createdAt).slice(0, 10);
  const m = /^caja-(\d{4})(\d{2})(\d{2})-/.exec(fileName);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : fileName;
}

/** A differential copy keeps only the pages that changed since its full copy (file names end in .delta). */
const isDifferential = (b: BackupInfo): boolean => b.base !== undefined || b.fileName.endsWith('.delta');

function KindCell({ backup, backups }: { backup: BackupInfo; backups: BackupInfo[] }): React.JSX.Element {
  if (!isDifferential(backup)) return <>Completa</>;
  return (
    <>
      Diferencial
      {backup.base ? <span className="backups__base"> (usa la copia completa del {dayOfCopy(backup.base, backups)})</span> : null}
    </>
  );
}

function BackupTable({ backups }: { backups: BackupInfo[] }): React.JSX.Element {
  if (backups.length === 0) return <p className="muted">Todavía no hay copias en esta carpeta.</p>;
  const anyDifferential = backups.some(isDifferential);
  return (
    <>
      <div className="backups__table-wrap">
        <table className="simple-table backups__table" aria-label="Copias de seguridad">
          <thead>
            <tr>
              <th scope="col">Fecha y hora</th>
              <th scope="col">Motivo</th>
              <th scope="col" {...(anyDifferential ? { 'aria-describedby': 'backup-kind-hint' } : {})}>
                Tipo
              </th>
              <th scope="col" className="num">Tamaño</th>
              <th scope="col" className="num">Comprobantes</th>
              <th scope="col">Verificación</th>
            </tr>
          </thead>
          <tbody>
            {backups.map((b) => (
              <tr key={b.path} title={b.fileName}>
                <td className="backups__when">{formatDateTime(b.createdAt)}</td>
                <td>{BACKUP_REASON_LABELS[b.reason]}</td>
                <td>
                  <KindCell backup={b} backups={backups} />
                </td>
                <td className="num">{formatSize(b.size)}</td>
                <td className="num">{b.documents ?? '—'}</td>
                <td>
                  <CheckCell backup={b} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {anyDifferential ? (
        <p id="backup-kind-hint" className="panel__hint backups__kind-hint">
          Una copia diferencial guarda solo lo que cambió desde su copia completa y necesita esa copia para restaurarse.
          Caja conserva la copia completa mientras alguna diferencial dependa de ella.
        </p>
      ) : null}
    </>
  );
}

function OutcomeMessage({ outcome }: { outcome: BackupOutcome }): React.JSX.Element | null {
  if (!outcome) return null;
  if (outcome.kind === 'error') return <Alert tone="error" title="No se pudo crear la copia">{outcome.text}</Alert>;
  if (outcome.kind === 'folder') return <Alert tone="success">Las copias se guardarán en {outcome.folder}.</Alert>;
  const b = outcome.backup;
  const detail = `${formatDateTime(b.createdAt)} · ${formatSize(b.size)} · ${b.documents ?? '—'} comprobantes`;
  if (b.check === 'ok') return <Alert tone="success" title="Copia creada y verificada">{detail}</Alert>;
  return (
    <Alert tone="error" title="La copia se creó pero no pasó la verificación">
      {b.message ?? 'Motivo desconocido.'} ({detail})
    </Alert>
  );
}

export function BackupSettings(): React.JSX.Element {
  const { list, loadError, creating, savingFolder, outcome, folderError, createNow, chooseFolder } = useBackups();

  return (
    <section className="panel settings__section settings__section--full" aria-labelledby="settings-backups-title">
      <h2 id="settings-backups-title">Copias de seguridad</h2>
      {loadError ? <Alert tone="error" title="No se pudo leer la lista de copias">{loadError}</Alert> : null}
      <p className="backups__folder" data-testid="backup-folder">
        Carpeta en uso: <strong className="mono">{list ? list.folder : '…'}</strong>
        {list?.isDefaultFolder ? <span className="muted"> (predeterminada)</span> : null}
      </p>
      <div className="backups__actions">
        <button type="button" className="button--primary" onClick={() => void createNow()} disabled={creating} aria-busy={creating}>
          {creating ? 'Creando copia…' : 'Crear copia ahora'}
        </button>
        {creating ? (
          <span role="status" className="muted">
            Copiando y verificando la base de datos…
          </span>
        ) : null}
      </div>
      <OutcomeMessage outcome={outcome} />
      {list ? <BackupTable backups={list.backups} /> : <p className="muted">Cargando copias…</p>}
      <RestoreBackup />
      <div className="backups__folder-form" role="group" aria-label="Carpeta de copias">
        <button type="button" onClick={() => void chooseFolder()} disabled={savingFolder} aria-describedby="backup-folder-hint">
          Elegir otra carpeta…
        </button>
        <p id="backup-folder-hint" className="muted">
          Por ejemplo una memoria USB o una carpeta sincronizada. Se elige en la ventana del sistema.
        </p>
        {folderError ? <Alert tone="error">{folderError}</Alert> : null}
      </div>
    </section>
  );
}
