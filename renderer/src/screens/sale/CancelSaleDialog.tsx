// Esc on the sale asks before throwing the sale away. Enter and Esc keep the sale: a scan's
// Enter right after an Esc must never wipe five items; throwing the sale away takes a deliberate Tab (or S) first.
import { useEffect, useRef } from 'react';

interface CancelSaleDialogProps {
  lines: number;
  onConfirm: () => void;
  onKeep: () => void;
}

export function CancelSaleDialog({ lines, onConfirm, onKeep }: CancelSaleDialogProps): React.JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    keepRef.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby="cancel-sale-title"
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
    >
      <h2 id="cancel-sale-title">¿Cancelar esta venta?</h2>
      <p>
        Se borrará{lines === 1 ? '' : 'n'} {lines} producto{lines === 1 ? '' : 's'} y los datos del cliente. No se emite nada.
      </p>
      <div className="confirm-dialog__actions">
        <button type="button" className="button--danger" onClick={onConfirm}>
          Sí, cancelar la venta
        </button>
        <button ref={keepRef} type="button" className="button--primary" onClick={onKeep}>
          No, seguir con la venta (Enter)
        </button>
      </div>
    </dialog>
  );
}
