// Ctrl+P at the till, with no dialog open: a copy of the last sale, straight to the printer (the customer asks for
// the ticket again as the next one is being scanned). Marked REIMPRESIÓN and counted like any copy; the sale in
// progress is untouched. Inside the issued ticket's dialog Ctrl+P prints that ticket instead.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentSummary, Paper } from '../../../../shared/bridge';
import { documentNumber } from '../../format/dates';
import { call } from '../../pos';

const NOTICE_MS = 6000;

type Sale = Pick<DocumentSummary, 'id' | 'docType' | 'series' | 'number'>;

/** The last boleta or factura of this till: the one issued here since Caja opened, else the newest in the history. */
async function lastSale(known: Sale | null): Promise<Sale | null> {
  if (known) return known;
  const listed = await call((api) => api.listDocuments({ limit: 20 }));
  return listed.ok ? (listed.value.rows.find((r) => r.docType === '01' || r.docType === '03') ?? null) : null;
}

export function useReprintLast(active: boolean, paper: Paper | undefined) {
  const last = useRef<Sale | null>(null);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const remember = useCallback((sale: Sale) => {
    last.current = sale;
  }, []);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'p') return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      void (async () => {
        const sale = await lastSale(last.current);
        if (!sale) {
          setNotice({ tone: 'error', text: 'Aún no hay una venta que reimprimir.' });
          return;
        }
        const name = `${sale.docType === '01' ? 'Factura' : 'Boleta'} ${documentNumber(sale.series, sale.number)}`;
        setNotice({ tone: 'info', text: `Reimpresión de ${name}: imprimiendo…` });
        const printed = await call((api) => api.printDocument({ source: { kind: 'document', id: sale.id }, action: 'print', copy: true, ...(paper ? { paper } : {}) }));
        if (printed.ok) setNotice({ tone: 'info', text: printed.value.done ? `Reimpresión de ${name} enviada a la impresora.` : `Reimpresión de ${name} cancelada.` });
        else setNotice({ tone: 'error', text: `Reimpresión de ${name}: ${printed.error.message}` });
      })();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, paper]);

  return { notice, remember };
}
