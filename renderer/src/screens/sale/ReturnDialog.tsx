// "Devolución" at the till (issue 24, F7): find the sale by its ticket's QR text or its number as printed, pick the
// whole sale (06), some lines and quantities (07) or a price reduction (09), and refund it in cash: the credit note
// is issued through issueNote (the core checks what is left after earlier notes before a number is spent), the cash
// leaves the drawer in the open cash session, and the note's ticket opens at once to print. A sale made at another
// till is found through the shop server (findShopSale) and its note issued on the server's copy (issueShopNote).
import { useEffect, useRef, useState } from 'react';
import type { Invoice } from '../../../../shared/api';
import type { DocumentDetail, DocumentSummary, NoteInput } from '../../../../shared/bridge';
import { parseSaleReference } from '../../../../shared/ids/sale-reference';
import { Alert } from '../../components/Alert';
import { documentNumber } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';

type Mode = 'whole' | 'lines' | 'price';
const REASON: Record<Mode, { code: string; text: string }> = {
  whole: { code: '06', text: 'Devolución total' },
  lines: { code: '07', text: 'Devolución por ítem' },
  price: { code: '09', text: 'Disminución en el valor' },
};

/** The sale being returned: of this till (its id), or of another till as the shop server holds it (id null). */
type FoundSale = Pick<DocumentDetail, 'docType' | 'series' | 'number' | 'total' | 'currency' | 'payload'> & { id: number | null; terminal?: string };

export function ReturnDialog({ onClose, onIssued }: { onClose: () => void; onIssued: (note: DocumentSummary) => void }): React.JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [sale, setSale] = useState<FoundSale | null>(null);
  const [mode, setMode] = useState<Mode>('lines');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One note per opening of the dialog: its retries after an error carry the same key, so a refund is never paid twice.
  const intent = useIntentKey();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const find = async () => {
    const found = parseSaleReference(text);
    if (!found) {
      setMessage('Escanee el QR del ticket o escriba el número como está impreso (ej. B001-00000024).');
      return;
    }
    const list = await call((api) => api.listDocuments({ series: found.series, number: found.number }));
    const row = list.ok ? list.value.rows.find((r) => r.docType === '01' || r.docType === '03') : undefined;
    if (!row) {
      if (!list.ok) return setMessage(list.error.message);
      // Not a sale of this till: the shop server may hold it (another till's).
      const remote = await call((api) => api.findShopSale({ series: found.series, number: found.number }));
      if (!remote.ok) return setMessage(remote.error.message);
      setSale({ ...remote.value, id: null });
      setMessage(null);
      return;
    }
    const detail = await call((api) => api.getDocument({ id: row.id }));
    if (!detail.ok) return setMessage(detail.error.message);
    setSale(detail.value);
    setMessage(null);
  };

  const issue = async () => {
    if (!sale) return;
    const reason = REASON[mode];
    const input: Omit<NoteInput, 'of' | 'clientKey'> & { clientKey: string } = {
      type: '07',
      reason: reason.code,
      description: reason.text,
      ...(mode === 'lines'
        ? { lines: Object.entries(quantities).filter(([, q]) => q.trim() !== '' && Number(q) > 0).map(([l, q]) => ({ line: Number(l), quantity: q.trim() })) }
        : {}),
      ...(mode === 'price' ? { amount: amount.trim() } : {}),
      // Exact cash for the note's total: it leaves the drawer, recorded in the open cash session.
      refund: [],
      clientKey: intent.current(),
    };
    setBusy(true);
    const result = await call((api) =>
      sale.id === null ? api.issueShopNote({ ...input, sale: { series: sale.series, number: sale.number } }) : api.issueNote({ ...input, of: sale.id }),
    );
    setBusy(false);
    if (result.ok) {
      intent.done();
      onIssued(result.value);
    } else setMessage(result.error.message);
  };

  const lines = sale ? (JSON.parse(sale.payload) as Invoice).detalle : [];
  return (
    <dialog
      ref={ref}
      className="confirm-dialog return-dialog"
      aria-labelledby="return-title"
      data-testid="return-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="return-title">Devolución</h2>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <label>
        QR del ticket o número de la venta
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void find();
            }
          }}
          data-testid="return-find"
          autoFocus
        />
      </label>
      <button type="button" onClick={() => void find()}>
        Buscar
      </button>
      {sale ? (
        <>
          <p data-testid="return-sale">
            {sale.docType === '01' ? 'Factura' : 'Boleta'} {documentNumber(sale.series, sale.number)} · {formatMoney(sale.total, sale.currency)}
            {sale.terminal ? ` · vendida en «${sale.terminal}»` : ''}
          </p>
          <fieldset>
            <legend>Qué se devuelve</legend>
            {(['whole', 'lines', 'price'] as const).map((m) => (
              <label key={m}>
                <input type="radio" name="return-mode" checked={mode === m} onChange={() => setMode(m)} data-testid={`return-mode-${m}`} />
                {{ whole: 'Toda la venta', lines: 'Algunos productos', price: 'Rebaja de precio' }[m]}
              </label>
            ))}
          </fieldset>
          {mode === 'lines' ? (
            <ul>
              {lines.map((l, i) => (
                <li key={i}>
                  <label>
                    {l.descripcion} (vendido {String(l.cantidad)})
                    <input inputMode="decimal" value={quantities[i + 1] ?? ''} onChange={(e) => setQuantities((q) => ({ ...q, [i + 1]: e.target.value }))} data-testid={`return-line-${i + 1}`} />
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          {mode === 'price' ? (
            <label>
              Monto a devolver
              <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="return-amount" />
            </label>
          ) : null}
          <p className="muted">Se devuelve en efectivo: sale de la caja y se imprime la nota de crédito.</p>
        </>
      ) : null}
      <div className="confirm-dialog__actions">
        <button type="button" onClick={onClose}>
          Cancelar (Esc)
        </button>
        <button type="button" className="button--primary" disabled={!sale || busy} onClick={() => void issue()} data-testid="return-issue">
          Emitir nota de crédito
        </button>
      </div>
    </dialog>
  );
}
