// Venta: the till. Boleta/factura, customer, lines, live totals, payment, legends; F12 or Ctrl+Enter issues.
import { SaleApproval } from './SaleApproval';
import { CashClosedNotice } from './CashClosedNotice';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DocumentSummary } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { DocumentTicketDialog } from '../../components/DocumentTicketDialog';
import { ReturnDialog } from './ReturnDialog';
import { CancelSaleDialog } from './CancelSaleDialog';
import { KeyHints } from './KeyHints';
import { DisplayFeed, showThanks } from './useCustomerDisplay';
import { useSettings } from '../../app/settings-context';
import { useSession } from '../../app/session-context';
import { documentNumber } from '../../format/dates';
import { CustomerSection } from './CustomerSection';
import { emptySale, type SaleFormValues } from './form-values';
import { listenForStrayScans } from './scanner-guard';
import { printInBackground } from '../../components/background-print';
import { LegendsSection } from './LegendsSection';
import { LinesTable } from './LinesTable';
import { PaymentSection } from './PaymentSection';
import { bridgeProductLookup, bridgeProductSearch } from './product-lookup';
import { SaleHeader } from './SaleHeader';
import { TotalsPanel } from './TotalsPanel';
import { TotalsProvider } from './totals-context';
import { useIssueSale } from './useIssueSale';
import { useReprintLast } from './useReprintLast';

/** Clicks a radio of the sale form (its own onChange logic runs, as with the mouse). */
function choose(name: string, value: string): void {
  const input = document.querySelector(`input[type="radio"][name="${name}"][value="${value}"]`);
  if (input instanceof HTMLInputElement) input.click();
}

/**
 * The sale's own keys (shown by KeyHints): Alt+B boleta, Alt+F factura, Alt+C contado, Alt+R crédito, F8 cash
 * received, Alt+D the discount on the whole sale. Returns true when the key was one of them.
 */
function saleKey(event: KeyboardEvent): boolean {
  if (event.key === 'F8') {
    focusById('payment-cash');
    return true;
  }
  if (!event.altKey || event.ctrlKey || event.metaKey) return false;
  const key = event.key.toLowerCase();
  if (key === 'b') choose('docType', '03');
  else if (key === 'f') choose('docType', '01');
  else if (key === 'c') choose('payment.method', 'CONTADO');
  else if (key === 'r') choose('payment.method', 'CREDITO');
  else if (key === 'd') selectById('sale-discount');
  else return false;
  return true;
}

function focusById(id: string): void {
  const el = document.getElementById(id);
  if (el instanceof HTMLElement) el.focus();
}

/** Focuses a field with its text selected, so what is typed replaces it. */
function selectById(id: string): void {
  const el = document.getElementById(id);
  if (!(el instanceof HTMLInputElement)) return;
  el.focus();
  el.select();
}

export function SaleScreen({ active }: { active: boolean }): React.JSX.Element {
  const { settings, error: settingsError, reload } = useSettings();
  const { session } = useSession();
  // A note is a supervisor's: a cashier's F7 asks for a supervisor's PIN before the return starts.
  const returnNeedsApproval = session?.user?.role === 'cajero';
  const form = useForm<SaleFormValues>({ defaultValues: emptySale(), mode: 'onSubmit', reValidateMode: 'onChange' });
  const [issued, setIssued] = useState<{ summary: DocumentSummary; cashReceived: string } | null>(null);
  const [confirmCancel, setConfirmCancel] = useState<number | null>(null);
  const [returning, setReturning] = useState(false);
  const [returned, setReturned] = useState<DocumentSummary | null>(null);

  const reprint = useReprintLast(active, settings?.printer.paper);
  const { remember } = reprint;
  const onIssued = useCallback(
    (summary: DocumentSummary, cashReceived: string, otherPaid: string) => {
      showThanks(summary.total, cashReceived, summary.currency, otherPaid);
      setIssued({ summary, cashReceived });
      remember(summary);
      void reload();
    },
    [reload, remember],
  );
  const { busy, failure, submit, approvalAsked, dismissFailure, newSale } = useIssueSale({ form, settings, onIssued });

  // Coming back to the till (F1), an error about the last attempt is stale: "La caja está cerrada" after
  // the till was opened in Caja. The fields keep their own errors until they are fixed.
  useEffect(() => {
    if (active) dismissFailure();
  }, [active, dismissFailure]);

  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('dialog[open]')) {
        const values = form.getValues();
        const lines = values.lines.filter((l) => l.code.trim() !== '' || l.description.trim() !== '').length;
        const customer = values.customer.docNumber.trim() !== '' || values.customer.name.trim() !== '';
        if (lines > 0 || customer) {
          event.preventDefault();
          setConfirmCancel(lines);
        }
        return;
      }
      // F7 opens "Devolución".
      if (event.key === 'F7' && !document.querySelector('dialog[open]')) {
        event.preventDefault();
        setReturning(true);
        return;
      }
      if (!document.querySelector('dialog[open]') && saleKey(event)) {
        event.preventDefault();
        return;
      }
      const shortcut = event.key === 'F12' || ((event.ctrlKey || event.metaKey) && /^(Enter|d|D|l|L)$/.test(event.key));
      if (!shortcut || document.querySelector('dialog[open]')) return;
      if (event.key === 'F12' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey))) {
        event.preventDefault();
        submit();
      } else if (event.ctrlKey && (event.key === 'd' || event.key === 'D')) {
        event.preventDefault();
        focusById('customer-docNumber');
      } else if (event.ctrlKey && (event.key === 'l' || event.key === 'L')) {
        event.preventDefault();
        const count = form.getValues('lines').length;
        focusById(`line-${count - 1}-code`);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, form, submit]);

  // On start and on coming back (F1), the cursor waits in the code field of the line being filled.
  useEffect(() => {
    if (!active) return;
    const frame = requestAnimationFrame(() => {
      if (document.querySelector('dialog[open]')) return;
      const lines = form.getValues('lines');
      focusById(`line-${Math.max(0, lines.length - 1)}-code`);
    });
    return () => cancelAnimationFrame(frame);
  }, [active, form]);

  const cancelSale = useCallback(() => {
    setConfirmCancel(null);
    form.reset(emptySale(form.getValues('docType')));
    newSale();
    requestAnimationFrame(() => focusById('line-0-code'));
  }, [form, newSale]);

  const closeIssued = useCallback(() => setIssued(null), []);

  // A scan while a dialog has the focus is neither an Enter for the dialog nor lost. Over "¿Cancelar esta
  // venta?" it means the sale goes on; over the issued ticket it starts the next sale (printing in the background as
  // Enter would). Either way the code goes into the sale once the dialog is gone.
  const scanRef = useRef<((code: string) => void) | null>(null);
  const issuedRef = useRef(issued);
  useEffect(() => {
    issuedRef.current = issued;
  }, [issued]);
  // Read through a ref: the scan listener stays connected across the return (a listener made again as the dialog
  // closes would miss the start of a scan made right after, and type only its last digits).
  const returningRef = useRef(returning);
  const returnedRef = useRef(returned);
  useEffect(() => {
    returningRef.current = returning;
    returnedRef.current = returned;
  }, [returning, returned]);
  useEffect(() => {
    if (!active) return;
    return listenForStrayScans((code) => {
      if (returningRef.current) return; // the return dialog has its own fields
      const done = issuedRef.current;
      if (done && settings?.sale.printOnIssue) {
        const { summary } = done;
        const label = `${summary.docType === '01' ? 'Factura' : 'Boleta'} ${documentNumber(summary.series, summary.number)}`;
        void printInBackground({ source: { kind: 'document', id: summary.id }, paper: settings.printer.paper, label, ...(done.cashReceived ? { cashReceived: done.cashReceived } : {}) });
      }
      // Over the note's ticket after a return, the same: it prints in the background (as Enter would) and closes.
      const note = returnedRef.current;
      if (note && settings?.sale.printOnIssue) {
        void printInBackground({ source: { kind: 'document', id: note.id }, paper: settings.printer.paper, label: `Nota de crédito ${documentNumber(note.series, note.number)}` });
      }
      setReturned(null);
      setIssued(null);
      setConfirmCancel(null);
      // Added like any scan: a new line (or one more on the last), never into the line the cursor was on.
      requestAnimationFrame(() => scanRef.current?.(code));
    });
  }, [active, settings]);

  // Once the ticket dialog is gone (its close() gives focus back to what had it before), the cursor goes to the
  // code field for the next customer: in an effect, so it runs after that restoration, never before.
  const hadDialog = useRef(false);
  useEffect(() => {
    if (issued) {
      hadDialog.current = true;
    } else if (hadDialog.current) {
      hadDialog.current = false;
      focusById('line-0-code');
    }
  }, [issued]);

  // The same once the return is over (its dialog cancelled, or the note's ticket closed): the cursor goes back to the
  // code field of the line being filled, so the next scan is read whole, into the sale.
  const hadReturn = useRef(false);
  useEffect(() => {
    if (returning || returned) {
      hadReturn.current = true;
    } else if (hadReturn.current) {
      hadReturn.current = false;
      focusById(`line-${Math.max(0, form.getValues('lines').length - 1)}-code`);
    }
  }, [returning, returned, form]);

  return (
    <section id="screen-sale" className="screen sale" aria-labelledby="sale-title" tabIndex={-1} hidden={!active}>
      <h1 id="sale-title" className="visually-hidden">
        Venta
      </h1>
      <KeyHints />
      <form
        className="sale__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="sale__main">
          {settingsError ? <Alert tone="error" title="No se pudieron leer los ajustes">{settingsError}</Alert> : null}
          <CashClosedNotice active={active} />
          {reprint.notice ? (
            <p className={`lines__notice lines__notice--${reprint.notice.tone}`} role="status" data-testid="reprint-notice">
              {reprint.notice.text}
            </p>
          ) : null}
          {failure ? (
            <Alert tone="error" title={failure.message}>
              {failure.general.length > 0 ? (
                <ul>
                  {failure.general.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          {approvalAsked ? <SaleApproval form={form} /> : null}
          <SaleHeader form={form} series={settings?.series ?? null} />
          <CustomerSection form={form} />
          <LinesTable
            form={form}
            productLookup={bridgeProductLookup}
            productSearch={bridgeProductSearch}
            allowPriceChange={settings?.sale.allowPriceChange ?? false}
            scanRef={scanRef}
          />
        </div>
        {/* Only the side panel is inside the totals context: a new value never makes React walk the lines. */}
        <TotalsProvider control={form.control} igvRegime={settings?.company.igvRegime ?? 'general'}>
          <aside className="sale__side" aria-label="Totales y pago">
            <DisplayFeed control={form.control} />
            <TotalsPanel control={form.control} register={form.register} />
            <PaymentSection form={form} />
            <LegendsSection form={form} />
            <button type="submit" className="button--primary button--big" disabled={busy || !settings} aria-keyshortcuts="F12 Control+Enter">
              {busy ? 'Emitiendo…' : 'Emitir (F12)'}
            </button>
          </aside>
        </TotalsProvider>
      </form>
      {confirmCancel !== null ? (
        <CancelSaleDialog lines={confirmCancel} onConfirm={cancelSale} onKeep={() => setConfirmCancel(null)} />
      ) : null}
      {returning ? (
        <ReturnDialog
          needsApproval={returnNeedsApproval}
          onClose={() => setReturning(false)}
          onIssued={(note) => {
            setReturning(false);
            setReturned(note);
          }}
        />
      ) : null}
      {returned ? (
        <DocumentTicketDialog
          id={returned.id}
          copy={false}
          afterIssue
          title={`Nota de crédito ${documentNumber(returned.series, returned.number)} emitida`}
          onClose={() => setReturned(null)}
        />
      ) : null}
      {issued ? (
        <DocumentTicketDialog
          id={issued.summary.id}
          copy={false}
          cashReceived={issued.cashReceived}
          afterIssue
          title={`${issued.summary.docType === '01' ? 'Factura' : 'Boleta'} ${documentNumber(issued.summary.series, issued.summary.number)} emitida`}
          onClose={closeIssued}
        />
      ) : null}
    </section>
  );
}
