// Restaurar una copia: the system's dialog picks the file (in Electron), the core checks it and says what the copy
// lacks; only after the cashier confirms is the copy put in place, and Caja restarts.
import { useState } from 'react';
import type { RestoreReport } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { documentNumber, formatDateTime, formatDay } from '../../format/dates';
import { call } from '../../pos';

function ReportView({ report }: { report: RestoreReport }): React.JSX.Element {
  const { missing } = report;
  return (
    <div className="restore__report" data-testid="restore-report">
      <p>
        Copia: <strong className="mono">{report.file}</strong>
        {report.backupCreatedAt ? ` · ${formatDateTime(report.backupCreatedAt)}` : ''} · {report.backupDocuments} comprobantes
      </p>
      {missing.count > 0 ? (
        <Alert tone="info" title={`${missing.count} comprobantes emitidos después de la copia se conservan`}>
          {missing.firstDate && missing.lastDate ? `Emitidos del ${formatDay(missing.firstDate)} al ${formatDay(missing.lastDate)}. ` : ''}
          No están en la copia: se copiarán a la base restaurada con su estado, y los no declarados se enviarán a SUNAT:{' '}
          {missing.documents.slice(0, 10).map((d) => documentNumber(d.series, d.number)).join(', ')}
          {missing.count > 10 ? '…' : ''}
        </Alert>
      ) : (
        <p>La copia tiene todos los comprobantes de la base actual.</p>
      )}
      {report.warnings.map((w) => (
        <p key={w} className="muted">
          {w}
        </p>
      ))}
    </div>
  );
}

export function RestoreBackup(): React.JSX.Element {
  const [report, setReport] = useState<RestoreReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'info' | 'success'; text: string } | null>(null);

  async function choose() {
    setBusy(true);
    setMessage(null);
    const res = await call((api) => api.chooseRestoreFile({}));
    setBusy(false);
    if (!res.ok) return setMessage({ tone: 'error', text: res.error.message });
    setReport(res.value.report);
  }

  async function restore(file: string) {
    setBusy(true);
    const res = await call((api) => api.restoreBackup({ file }));
    if (!res.ok) {
      setBusy(false);
      return setMessage({ tone: 'error', text: res.error.message });
    }
    setReport(null);
    setMessage({ tone: 'success', text: 'Restaurando la copia… Caja se reiniciará en unos segundos.' });
  }

  return (
    <div className="restore" aria-label="Restaurar una copia" role="group">
      <button type="button" onClick={() => void choose()} disabled={busy}>
        Restaurar una copia…
      </button>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {report ? (
        <>
          <ReportView report={report} />
          <div className="backups__actions">
            <button type="button" className="button--danger" onClick={() => void restore(report.file)} disabled={busy}>
              Restaurar esta copia
            </button>
            <button type="button" onClick={() => setReport(null)} disabled={busy}>
              Cancelar
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}
