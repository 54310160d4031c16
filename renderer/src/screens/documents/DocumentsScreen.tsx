// Documentos: the outbox and the history of every local document, with filters, live status and a detail view; with a
// shop server, every till's documents too (Todas las cajas).
import { useCallback, useEffect, useState } from 'react';
import type { DocumentFilter, DocumentSummary } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { DocumentTicketDialog } from '../../components/DocumentTicketDialog';
import { documentNumber } from '../../format/dates';
import { call } from '../../pos';
import { onDocumentChanges } from '../../app/document-changes';
import { DocumentDetail } from './DocumentDetail';
import { DocumentFilters } from './DocumentFilters';
import { DocumentList } from './DocumentList';
import { AllTillsPanel } from './AllTillsPanel';
import { UnappliedChangesPanel } from './UnappliedChangesPanel';
import { RefusedDocumentsPanel } from './RefusedDocumentsPanel';
import { useSettings } from '../../app/settings-context';
import { useSession } from '../../app/session-context';

export function DocumentsScreen(): React.JSX.Element {
  const { settings } = useSettings();
  const { session } = useSession();
  const [filter, setFilter] = useState<DocumentFilter>({});
  const [rows, setRows] = useState<DocumentSummary[]>([]);
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [reprint, setReprint] = useState<number | null>(null);
  const [refresh, setRefresh] = useState(0);

  const load = useCallback((current: DocumentFilter) => {
    void call((api) => api.listDocuments({ ...current, limit: 200 })).then((result) => {
      if (result.ok) {
        setRows(result.value.rows);
        setPending(result.value.pending);
        setError(null);
      } else setError(result.error.message);
    });
  }, []);

  useEffect(() => {
    load(filter);
    // Status changes arrive as events: the list follows them a few times a second, during a drain too.
    return onDocumentChanges(() => load(filter));
  }, [filter, load]);

  // The copy is counted when it is printed or saved (printDocument with copy), not when the dialog opens.
  const reprinted = useCallback(() => setRefresh((n) => n + 1), []);

  // Ctrl+P on a document's detail opens its copy; Ctrl+P again (in the dialog) prints it.
  useEffect(() => {
    if (selected === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'p') return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      setReprint(selected);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected]);

  return (
    <section id="screen-documents" className="screen documents" aria-labelledby="documents-title" tabIndex={-1}>
      <div className="screen__head">
        <h1 id="documents-title">Documentos</h1>
        <p className="pending-pill" role="status" data-testid="documents-pending">
          Pendientes de envío: <strong>{pending ?? '—'}</strong>
        </p>
      </div>
      <DocumentFilters onApply={setFilter} />
      {error ? <Alert tone="error" title="No se pudo leer la lista">{error}</Alert> : null}
      <div className="documents__body">
        <DocumentList rows={rows} selectedId={selected} onSelect={setSelected} />
        <div className="documents__detail">
          {selected !== null ? (
            <DocumentDetail key={selected} id={selected} refresh={refresh} onReprint={setReprint} onChanged={() => load(filter)} onOpen={setSelected} />
          ) : (
            <p className="empty">Elija un documento para ver su detalle.</p>
          )}
        </div>
      </div>
      {settings?.shopServer.settings.enabled && !settings.demo ? <AllTillsPanel /> : null}
      {settings?.shopServer.settings.enabled && !settings.demo ? <RefusedDocumentsPanel /> : null}
      {settings?.shopServer.settings.enabled && !settings.demo && (session?.user?.role === 'administrador' || session?.usersExist === false) ? <UnappliedChangesPanel /> : null}
      {reprint !== null ? (
        <DocumentTicketDialog
          id={reprint}
          copy
          title={(detail) => `Reimpresión de ${documentNumber(detail.series, detail.number)}`}
          onClose={() => setReprint(null)}
          onPrinted={reprinted}
        />
      ) : null}
    </section>
  );
}
