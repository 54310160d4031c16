// "Devolución" at the till (F7): find the sale by its ticket's QR text or its number as printed, pick the
// whole sale (06), some lines and quantities (07) or a price reduction (09), and refund it in cash: the credit note
// is issued through issueNote (the core checks what is left after earlier notes before a number is spent), the cash
// leaves the drawer in the open cash session, and the note's ticket opens at once to print. A sale made at another
// till is found through the shop server (findShopSale) and its note issued on the server's copy (issueShopNote).
// A cashier is asked for a supervisor's PIN before anything else (a note is a supervisor's): the PIN is checked at
// once and sent again with the note. While picking, each line shows its price, what is left of it after earlier
// notes and what it gives back, with the refund's total; the money goes back by the sale's own payment methods, and
// the core's refusal of a refund is shown beside it, with everything typed kept.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Invoice } from '../../../../shared/api';
import type { Approval, DocumentDetail, DocumentSummary, NoteInput } from '../../../../shared/bridge';
import type { SettledPayment, TenderInput } from '../../../../shared/payments';
import { parseSaleReference } from '../../../../shared/ids/sale-reference';
import { Alert } from '../../components/Alert';
import { ApprovalFields, approvalOf } from '../../components/ApprovalFields';
import { documentNumber } from '../../format/dates';
import { formatAmount, formatMoney } from '../../format/money';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';
import { proposeRefund, refundTotal, refundWays, returnLines, RETURN_REASONS, type ReturnMode } from './return-plan';

/** The sale being returned: of this till (its id), or of another till as the shop server holds it (id null). */
type FoundSale = Pick<DocumentDetail, 'docType' | 'series' | 'number' | 'total' | 'currency' | 'payload'> & {
  id: number | null;
  terminal?: string;
  /** How it was paid (null: unknown, another till's sale). */
  payments: SettledPayment[] | null;
  /** What its credit notes took back by line (null: unknown, another till's sale). */
  returned: { line: number; quantity: string }[] | null;
};

interface ReturnDialogProps {
  onClose: () => void;
  onIssued: (note: DocumentSummary) => void;
  /** The one signed in is a cashier: a supervisor's PIN is asked before the return starts. */
  needsApproval?: boolean;
}

export function ReturnDialog({ onClose, onIssued, needsApproval = false }: ReturnDialogProps): React.JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const findRef = useRef<HTMLInputElement>(null);
  const [approval, setApproval] = useState<Partial<Approval>>({});
  const [approved, setApproved] = useState<{ approval: Approval | undefined; name: string } | null>(needsApproval ? null : { approval: undefined, name: '' });
  const [approvalError, setApprovalError] = useState<string | undefined>(undefined);
  const [text, setText] = useState('');
  const [sale, setSale] = useState<FoundSale | null>(null);
  const [mode, setMode] = useState<ReturnMode>('lines');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  // The refund by method as the cashier typed it; untouched, it follows the total (proposed).
  const [typedRefund, setTypedRefund] = useState<Record<string, string> | null>(null);
  const [refundError, setRefundError] = useState<string | null>(null);
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

  // A till of a shop server that cannot reach it credits only its own sales, counting only its own returns: said here.
  const [shopAway, setShopAway] = useState(false);
  useEffect(() => {
    void call((api) => api.getStatus({})).then((r) => {
      if (r.ok) setShopAway(r.value.shopServer !== null && r.value.shopServer.state !== 'online' && r.value.shopServer.state !== 'off');
    });
  }, []);

  // Once approved, the cursor waits for the ticket's QR.
  useEffect(() => {
    if (approved) findRef.current?.focus();
  }, [approved]);

  const approve = async () => {
    const given = approvalOf(approval);
    if (!given) {
      setApprovalError(approval.userId ? 'Ingrese el PIN' : 'Elija quién autoriza');
      return;
    }
    setBusy(true);
    const result = await call((api) => api.checkApproval({ action: 'return', approval: given }));
    setBusy(false);
    if (result.ok) {
      setApprovalError(undefined);
      setApproved({ approval: given, name: result.value.name });
    } else {
      setApprovalError(result.error.fields?.find((f) => f.path === 'approval')?.message ?? result.error.message);
      setApproval((a) => ({ ...a, pin: '' }));
    }
  };

  const find = async () => {
    const found = parseSaleReference(text);
    if (!found) {
      setMessage('Escanee el QR del ticket o escriba el número como está impreso (ej. B001-00000024).');
      return;
    }
    const list = await call((api) => api.listDocuments({ series: found.series, number: found.number }));
    const row = list.ok ? list.value.rows.find((r) => r.docType === '01' || r.docType === '03') : undefined;
    setTypedRefund(null);
    setRefundError(null);
    if (!row) {
      if (!list.ok) return setMessage(list.error.message);
      // Not a sale of this till: the shop server may hold it (another till's).
      const remote = await call((api) => api.findShopSale({ series: found.series, number: found.number }));
      if (!remote.ok) return setMessage(remote.error.message);
      setSale({ ...remote.value, id: null, payments: null, returned: null });
      setMessage(null);
      return;
    }
    const detail = await call((api) => api.getDocument({ id: row.id }));
    if (!detail.ok) return setMessage(detail.error.message);
    setSale({ ...detail.value, payments: detail.value.payments, returned: detail.value.returned ?? [] });
    setMessage(null);
  };

  const invoice = useMemo(() => (sale ? (JSON.parse(sale.payload) as Invoice) : null), [sale]);
  const credit = (invoice?.forma_pago ?? []).some((p) => p.tipo === 'CREDITO');
  const lines = invoice && sale ? returnLines(invoice, sale.returned, quantities) : [];
  const total = invoice && sale ? refundTotal(invoice, mode, { quantities, amount }, sale.returned) : null;
  const ways = sale ? refundWays(sale.payments, credit) : [];
  const refund = typedRefund ?? proposeRefund(total, ways);
  const refundSum = Object.values(refund).reduce((sum, a) => sum + (Number(a) || 0), 0);
  const symbol = invoice?.tipo_Moneda === 'USD' ? 'US$' : 'S/';

  const issue = async () => {
    if (!sale) return;
    const reason = RETURN_REASONS[mode];
    // Exact cash for the note's total when the money goes back only in cash and nothing was typed: the core settles
    // it to the cent. Otherwise each method's amount as shown (the core refuses what the sale did not bring in).
    const onlyCash = ways.length === 1 && ways[0]!.kind === 'cash' && typedRefund === null;
    const tenders: TenderInput[] = onlyCash
      ? []
      : ways.filter((w) => Number(refund[w.method] ?? 0) > 0).map((w) => ({ method: w.method, amount: (refund[w.method] ?? '').trim() }));
    const input: Omit<NoteInput, 'of' | 'clientKey'> & { clientKey: string } = {
      type: '07',
      reason: reason.code,
      description: reason.text,
      ...(mode === 'lines'
        ? { lines: Object.entries(quantities).filter(([, q]) => q.trim() !== '' && Number(q) > 0).map(([l, q]) => ({ line: Number(l), quantity: q.trim() })) }
        : {}),
      ...(mode === 'price' ? { amount: amount.trim() } : {}),
      // A credit sale nobody paid gives no money back: the note only lowers what the customer owes.
      ...(ways.length > 0 ? { refund: tenders } : {}),
      ...(approved?.approval ? { approval: approved.approval } : {}),
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
      return;
    }
    // A refund refused (by a method the sale was not paid with, beyond what it brought in, beyond the drawer) is
    // said beside the refund; the rest above. Nothing typed is cleared.
    const onRefund = result.error.code === 'refund_exceeds' || result.error.fields?.some((f) => f.path.startsWith('refund'));
    if (onRefund) {
      setRefundError(result.error.fields?.find((f) => f.path.startsWith('refund'))?.message ?? result.error.message);
      setMessage(null);
    } else {
      setRefundError(null);
      setMessage(result.error.message);
    }
  };

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
      {!approved ? (
        <form
          className="return-dialog__approval"
          data-testid="return-approval"
          onSubmit={(event) => {
            event.preventDefault();
            void approve();
          }}
        >
          <p>Una devolución necesita la autorización de un supervisor: ingrese su PIN para empezar.</p>
          <ApprovalFields
            id="return-approval"
            value={approval}
            onChange={(v) => {
              setApproval(v);
              setApprovalError(undefined);
            }}
            error={approvalError}
          />
          <button type="submit" className="button--primary" disabled={busy} data-testid="return-approve">
            Autorizar
          </button>
        </form>
      ) : (
        <>
          {approved.name ? <p className="muted" data-testid="return-approved">Autoriza: {approved.name}</p> : null}
          {shopAway ? (
            <p className="muted" role="status" data-testid="return-shop-away">
              Sin conexión con el servidor de la tienda: solo se devuelven ventas de esta caja, y se cuentan solo las devoluciones hechas en ella.
            </p>
          ) : null}
          <label>
            QR del ticket o número de la venta
            <input
              ref={findRef}
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
        </>
      )}
      {sale && approved ? (
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
          {mode !== 'price' ? (
            <table className="return-dialog__lines">
              <thead>
                <tr>
                  <th scope="col">Producto</th>
                  <th scope="col">P. unit.</th>
                  <th scope="col">Vendido</th>
                  <th scope="col">Queda</th>
                  {mode === 'lines' ? <th scope="col">Devolver</th> : null}
                  <th scope="col">Importe</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.line} data-testid={`return-row-${l.line}`}>
                    <td>{l.description}</td>
                    <td className="num">{formatAmount(l.unitPrice)}</td>
                    <td className="num">{l.sold}</td>
                    <td className="num" data-testid={`return-left-${l.line}`}>
                      {l.left ?? '—'}
                    </td>
                    {mode === 'lines' ? (
                      <td>
                        <input
                          inputMode="decimal"
                          aria-label={`Devolver de ${l.description}`}
                          value={quantities[l.line] ?? ''}
                          onChange={(e) => setQuantities((q) => ({ ...q, [l.line]: e.target.value }))}
                          data-testid={`return-line-${l.line}`}
                        />
                      </td>
                    ) : null}
                    <td className="num" data-testid={`return-amount-${l.line}`}>
                      {mode === 'whole' ? formatAmount(l.lineTotal) : l.amount ? formatAmount(l.amount) : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {mode === 'price' ? (
            <label>
              Monto a devolver
              <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="return-amount" />
            </label>
          ) : null}
          <p className="return-dialog__total" data-testid="return-total">
            Total a devolver: {symbol} {formatAmount(total ?? '0')}
          </p>
          <fieldset className="return-dialog__refund" data-testid="return-refund">
            <legend>Cómo se devuelve el dinero</legend>
            {ways.length === 0 ? (
              <p className="muted">Venta al crédito sin pagos: no se devuelve dinero, la nota rebaja lo que debe el cliente.</p>
            ) : (
              ways.map((w) => (
                <label key={w.method}>
                  {w.label}
                  {w.came !== null ? ` (pagado ${symbol} ${formatAmount(w.came)})` : ''}
                  <input
                    inputMode="decimal"
                    value={refund[w.method] ?? ''}
                    aria-invalid={refundError ? true : undefined}
                    aria-describedby={refundError ? 'return-refund-error' : undefined}
                    onChange={(e) => {
                      setTypedRefund({ ...refund, [w.method]: e.target.value });
                      setRefundError(null);
                    }}
                    data-testid={`return-refund-${w.method}`}
                  />
                </label>
              ))
            )}
            {refundError ? (
              <p id="return-refund-error" className="field__error" role="alert" data-testid="return-refund-error">
                {refundError}
              </p>
            ) : null}
            {ways.length > 0 && total !== null && Math.abs(refundSum - Number(total)) >= 0.005 ? (
              <p className="muted" data-testid="return-refund-diff">
                Lo que se devuelve ({symbol} {formatAmount(String(refundSum))}) no es el total de la nota ({symbol} {formatAmount(total)}).
              </p>
            ) : null}
            {sale.payments === null ? <p className="muted">Venta de otra caja: se devuelve en efectivo, sale de esta caja.</p> : null}
          </fieldset>
        </>
      ) : null}
      <div className="confirm-dialog__actions">
        <button type="button" onClick={onClose}>
          Cancelar (Esc)
        </button>
        <button type="button" className="button--primary" disabled={!sale || !approved || busy} onClick={() => void issue()} data-testid="return-issue">
          Emitir nota de crédito
        </button>
      </div>
    </dialog>
  );
}
