// A modal with a document's ticket: print or save as PDF (window.print for now), close with Esc.
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Ticket } from '../../print/Ticket';
import type { TicketData } from '../../print/ticket-data';

interface TicketDialogProps {
  title: string;
  data: TicketData;
  onClose: () => void;
  /** Extra content above the ticket (a confirmation message, the live status). */
  children?: ReactNode;
}

export function TicketDialog({ title, data, onClose, children }: TicketDialogProps): React.JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

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

  // Rendered at the body so that printing can hide the whole app and keep only the ticket.
  return createPortal(
    <dialog
      ref={ref}
      className="ticket-dialog"
      aria-labelledby="ticket-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="ticket-dialog__head">
        <h2 id="ticket-dialog-title">{title}</h2>
        {children}
      </div>
      <div className="ticket-dialog__paper">
        <Ticket data={data} />
      </div>
      <div className="ticket-dialog__actions">
        <button type="button" onClick={() => window.print()}>
          Imprimir o guardar PDF
        </button>
        <button ref={closeRef} type="button" className="button--primary" onClick={onClose}>
          Cerrar (Esc)
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
