// A modal with a document's ticket: print it (Ctrl+P) or save it as PDF on the chosen paper, close with Esc.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Paper, PrintSource } from '../../../shared/bridge';
import { Ticket } from '../../print/Ticket';
import type { TicketData } from '../../print/ticket-data';
import { useSettings } from '../app/settings-context';
import { usePrint } from '../print/usePrint';
import { Alert } from './Alert';
import { printInBackground } from './background-print';

interface TicketDialogProps {
  title: string;
  data: TicketData;
  /** What the print buttons print through the bridge. */
  source: PrintSource;
  onClose: () => void;
  /** After a print or a PDF (a copy was counted). */
  onPrinted?: () => void;
  /** Extra content above the ticket (a confirmation message, the live status). */
  children?: ReactNode;
  /**
   * Right after issuing: the focused button (Enter) starts the next sale, printing first when `print` (the "Imprimir
   * al emitir" setting). Without it the dialog's focused button closes it.
   */
  next?: { print: boolean; label: string };
}

const PAPERS: { value: Paper; label: string }[] = [
  { value: '80mm', label: 'Ticket 80 mm' },
  { value: '58mm', label: 'Ticket 58 mm' },
  { value: 'A4', label: 'Hoja A4' },
];

export function TicketDialog({ title, data, source, onClose, onPrinted, children, next }: TicketDialogProps): React.JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { settings } = useSettings();
  const [paper, setPaper] = useState<Paper | null>(null);
  const chosen = paper ?? settings?.printer.paper ?? '80mm';
  const { busy, outcome, run } = usePrint({ source, copy: data.copy, cashReceived: data.payment.cash?.received, onPrinted });

  /**
   * Right after issuing, every way out of the dialog (Enter, Esc, "Cerrar", a click) prints the ticket when the
   * setting says so: the customer never leaves without it because of the key that closed the dialog. The till never
   * waits for the printer: the print runs on its own, a failure shows in the status bar with "Reimprimir", and the
   * next sale starts now. A ticket already printed from this dialog is not printed again.
   */
  const finished = useRef(false);
  const printedHere = useRef(false);
  const finish = () => {
    if (next?.print && !printedHere.current && !finished.current) {
      void printInBackground({ source, paper: chosen, label: next.label, ...(data.payment.cash?.received ? { cashReceived: data.payment.cash.received } : {}) });
    }
    finished.current = true;
    onClose();
  };
  const runHere = async (action: 'print' | 'pdf') => {
    const done = await run(action, chosen);
    if (done && action === 'print') printedHere.current = true;
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    document.body.classList.add('printing-ticket');
    return () => {
      document.body.classList.remove('printing-ticket');
      if (dialog.open) dialog.close();
    };
  }, []);

  // Rendered at the body so that the browser's own printing can hide the whole app and keep only the ticket.
  return createPortal(
    <dialog
      ref={ref}
      className="ticket-dialog"
      aria-labelledby="ticket-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        finish();
      }}
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && (event.key === 'p' || event.key === 'P')) {
          event.preventDefault();
          void runHere('print');
        }
      }}
    >
      <div className="ticket-dialog__head">
        <h2 id="ticket-dialog-title">{title}</h2>
        {children}
      </div>
      <div className="ticket-dialog__paper">
        <Ticket data={data} paper={chosen === '58mm' ? '58mm' : '80mm'} />
      </div>
      {outcome ? (
        <div className="ticket-dialog__outcome" data-testid="print-outcome">
          <Alert tone={outcome.tone}>{outcome.text}</Alert>
        </div>
      ) : null}
      <div className="ticket-dialog__actions">
        <label className="ticket-dialog__paper-choice">
          Papel
          <select value={chosen} onChange={(event) => setPaper(event.target.value as Paper)}>
            {PAPERS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void runHere('print')} disabled={busy !== null} aria-keyshortcuts="Control+P">
          {busy === 'print' ? 'Imprimiendo…' : data.copy ? 'Imprimir copia' : 'Imprimir'}
        </button>
        <button type="button" onClick={() => void runHere('pdf')} disabled={busy !== null}>
          {busy === 'pdf' ? 'Guardando…' : 'Guardar PDF'}
        </button>
        {next ? (
          <>
            <button type="button" onClick={finish}>
              Cerrar (Esc)
            </button>
            <button
              ref={closeRef}
              type="button"
              className="button--primary"
              disabled={busy !== null}
              aria-keyshortcuts="Enter"
              onClick={finish}
            >
              {next.print ? 'Imprimir y nueva venta (Enter)' : 'Nueva venta (Enter)'}
            </button>
          </>
        ) : (
          <button ref={closeRef} type="button" className="button--primary" onClick={onClose}>
            Cerrar (Esc)
          </button>
        )}
      </div>
    </dialog>,
    document.body,
  );
}
