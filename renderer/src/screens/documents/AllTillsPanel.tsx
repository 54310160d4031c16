// Documentos → Todas las cajas: any till's documents from the shop server, searched by number as printed,
// customer or days, and reprinted here (always as a copy) without knowing which till sold them.
import { useMemo, useState } from 'react';
import type { DocumentDetail, PrintSource } from '../../../../shared/bridge';
import type { ShopDocumentRow } from '../../../../shared/server/documents';
import { ticketFromDocument } from '../../../print/ticket-data';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { StatusBadge } from '../../components/StatusBadge';
import { TicketDialog } from '../../components/TicketDialog';
import { documentNumber, formatDateTime } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { call } from '../../pos';

function ShopTicket({ detail, onClose }: { detail: DocumentDetail; onClose: () => void }): React.JSX.Element | null {
  const { settings } = useSettings();
  const source = useMemo<PrintSource>(() => ({ kind: 'shopDocument', idBaseDato: detail.idBaseDato }), [detail.idBaseDato]);
  if (!settings) return null;
  return (
    <TicketDialog title={`Reimpresión de ${documentNumber(detail.series, detail.number)}`} data={ticketFromDocument(detail, settings.company, { copy: true })} source={source} onClose={onClose}>
      <p className="ticket-dialog__status">
        Estado del envío: <StatusBadge status={detail.status} />
      </p>
    </TicketDialog>
  );
}

export function AllTillsPanel(): React.JSX.Element {
  const [text, setText] = useState('');
  const [rows, setRows] = useState<ShopDocumentRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<DocumentDetail | null>(null);

  const search = async () => {
    const result = await call((api) => api.searchShopDocuments({ ...(text.trim() ? { text: text.trim() } : {}), limit: 200 }));
    setError(result.ok ? null : result.error.message);
    setRows(result.ok ? result.value : null);
  };
  const reprint = async (row: ShopDocumentRow) => {
    const result = await call((api) => api.getShopDocument({ idBaseDato: row.idBaseDato }));
    if (result.ok) setOpen(result.value);
    else setError(result.error.message);
  };

  return (
    <section className="panel" aria-labelledby="all-tills-title">
      <h2 id="all-tills-title">Todas las cajas</h2>
      <form className="settings__inline" noValidate aria-label="Buscar en todas las cajas" onSubmit={(e) => { e.preventDefault(); void search(); }}>
        <input aria-label="Número, documento o nombre del cliente" placeholder="B002-00000001, DNI/RUC o nombre" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit">Buscar</button>
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {rows ? (
        rows.length === 0 ? (
          <p className="empty">Ningún comprobante coincide.</p>
        ) : (
          <table className="simple-table" aria-label="Comprobantes de todas las cajas">
            <thead>
              <tr>
                <th scope="col">Caja</th>
                <th scope="col">Comprobante</th>
                <th scope="col">Emisión</th>
                <th scope="col">Cliente</th>
                <th scope="col">Total</th>
                <th scope="col">Estado</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.idBaseDato}>
                  <td>{r.terminal}</td>
                  <td>{documentNumber(r.series, r.number)}</td>
                  <td>{formatDateTime(r.issuedAt)}</td>
                  <td>{r.customerName || 'CLIENTES VARIOS'}</td>
                  <td>{formatMoney(r.total, r.currency)}</td>
                  <td>
                    <StatusBadge status={r.status} />
                  </td>
                  <td>
                    <button type="button" onClick={() => void reprint(r)}>
                      Reimprimir {documentNumber(r.series, r.number)}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
      {open ? <ShopTicket detail={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
