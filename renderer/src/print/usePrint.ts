// Printing from the app: through the bridge (the Electron print window: printer, preview or PDF). Where the bridge
// cannot print (a plain browser), the browser's own printing of the ticket on screen, and a copy of a local
// document is still counted.
import { useCallback, useState } from 'react';
import type { Paper, PrintResult, PrintSource } from '../../../shared/bridge';
import { newIntentKey } from '../intent-key';
import { call } from '../pos';

export type PrintAction = 'print' | 'pdf';
export interface PrintOutcome {
  tone: 'success' | 'info' | 'error';
  text: string;
}

function describe(result: PrintResult, action: PrintAction, copy: boolean, what: string): PrintOutcome {
  if (action === 'pdf') {
    return result.done ? { tone: 'success', text: `PDF guardado en ${result.savedTo ?? 'el archivo elegido'}.` } : { tone: 'info', text: 'No se guardó el PDF.' };
  }
  if (!result.done) return { tone: 'info', text: 'Impresión cancelada.' };
  if (copy && result.reprints !== undefined) return { tone: 'success', text: `Copia impresa (reimpresión n.º ${result.reprints}).` };
  return { tone: 'success', text: copy ? 'Copia impresa.' : `${what} impreso.` };
}

interface UsePrintOptions {
  source: PrintSource;
  copy: boolean;
  /** Cash received, for the original printed right after the sale. */
  cashReceived?: string;
  /** After something was printed or saved (a copy was counted: reload what shows the count). */
  onPrinted?: () => void;
}

export function usePrint({ source, copy, cashReceived, onPrinted }: UsePrintOptions) {
  const [busy, setBusy] = useState<PrintAction | null>(null);
  const [outcome, setOutcome] = useState<PrintOutcome | null>(null);

  /** Prints or saves; true when it was done (or the browser's print opened), false when it failed or was cancelled. */
  const run = useCallback(
    async (action: PrintAction, paper: Paper): Promise<boolean> => {
      if (busy) return false;
      setBusy(action);
      setOutcome(null);
      try {
        const result = await call((api) => api.printDocument({ source, paper, action, copy, ...(cashReceived && !copy ? { cashReceived } : {}) }));
        if (result.ok) {
          setOutcome(describe(result.value, action, copy, source.kind === 'collection' ? 'Constancia de pago' : source.kind === 'accountStatement' ? 'Estado de cuenta' : source.kind === 'cashReport' ? 'Reporte de caja' : source.kind === 'salesReport' ? 'Reporte de ventas' : source.kind === 'summary' ? 'Resumen' : 'Comprobante'));
          if (result.value.done) onPrinted?.();
          return result.value.done;
        }
        if (result.error.code !== 'print_unavailable') {
          setOutcome({ tone: 'error', text: result.error.message });
          return false;
        }
        // No printer behind the bridge: the browser prints the ticket shown (its dialog can also save a PDF).
        window.print();
        let counted = '';
        if (copy && source.kind === 'document') {
          const reprint = await call((api) => api.registerReprint({ id: source.id, clientKey: newIntentKey() }));
          if (reprint.ok) counted = ` (reimpresión n.º ${reprint.value.reprints})`;
        }
        const text = `Se abrió la impresión del navegador${counted}.${action === 'pdf' ? ' Para un PDF elija «Guardar como PDF».' : ''}`;
        setOutcome({ tone: 'info', text });
        onPrinted?.();
        return true;
      } finally {
        setBusy(null);
      }
    },
    [busy, cashReceived, copy, onPrinted, source],
  );

  return { busy, outcome, run };
}
