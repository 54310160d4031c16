// The print route (#/print?job=...): what the Electron print window (and the browser tests' printer) load. It reads
// the job, loads the data through window.pos, renders the template for the paper and, once the QR image is decoded
// and the fonts are in, tells whoever waits: <html data-print-ready="1" data-print-name="RUC-TT-SERIE-NUMERO"> (or RUC-CAJA-Z-n),, or
// data-print-error="<message>" when it cannot.
import { useEffect, useMemo, useRef, useState } from 'react';
import { parsePrintRoute } from '../../print/print-job';
import { PrintedDocument } from '../../print/PrintedDocument';
import { CashReportTicket } from '../../print/CashReportTicket';
import { AccountPaperTicket } from '../../print/AccountPaperTicket';
import { SalesReportTicket } from '../../print/SalesReportTicket';
import { loadPrintable, printName } from './load-ticket';

const root = () => document.documentElement;

/** Resolves once every image under `el` is loaded and decoded and the QR placeholder is gone. */
async function imagesSettled(el: HTMLElement): Promise<void> {
  // Timers, not animation frames: a hidden window may never get a frame.
  for (let i = 0; i < 500 && el.querySelector('.qr--pending'); i++) await new Promise((r) => setTimeout(r, 10));
  await Promise.all(
    [...el.querySelectorAll('img')].map((img) => (img.complete && img.naturalWidth > 0 ? img.decode().catch(() => undefined) : new Promise((r) => {
      img.addEventListener('load', r, { once: true });
      img.addEventListener('error', r, { once: true });
    }))),
  );
  await document.fonts.ready;
}

export function PrintRoute({ hash }: { hash: string }): React.JSX.Element {
  const parsed = useMemo(() => parsePrintRoute(hash), [hash]);
  const [loaded, setLoaded] = useState<Awaited<ReturnType<typeof loadPrintable>> | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const error = !parsed.ok ? parsed.error : loaded && !loaded.ok ? loaded.error : null;
  const data = loaded?.ok ? loaded.printable : null;

  useEffect(() => {
    root().classList.add('print-mode');
  }, []);

  useEffect(() => {
    if (!parsed.ok) return;
    let alive = true;
    void loadPrintable(parsed.view).then((result) => {
      if (alive) setLoaded(result);
    });
    return () => {
      alive = false;
    };
  }, [parsed]);

  useEffect(() => {
    if (error) root().dataset.printError = error;
  }, [error]);

  useEffect(() => {
    if (!data || !ref.current) return;
    let alive = true;
    // The QR is generated after the first render: wait for it before saying the page can be printed.
    void imagesSettled(ref.current).then(() => {
      if (!alive) return;
      root().dataset.printName = printName(data);
      root().dataset.printReady = '1';
    });
    return () => {
      alive = false;
    };
  }, [data]);

  if (error) return <p className="print-route__error" role="alert">No se pudo preparar la impresión: {error}</p>;
  if (!parsed.ok || !data) return <div className="print-root" aria-busy="true" />;
  return (
    <div ref={ref} className="print-root" data-paper={parsed.view.paper}>
      {data.kind === 'cashReport' ? (
        <CashReportTicket report={data.report} issuer={data.issuer} paper={parsed.view.paper === '58mm' ? '58mm' : '80mm'} />
      ) : data.kind === 'summary' ? (
        <data.Page summary={data.summary} issuer={data.issuer} />
      ) : data.kind === 'accountPaper' ? (
        <AccountPaperTicket paper={data.paper} issuer={data.issuer} size={parsed.view.paper === '58mm' ? '58mm' : '80mm'} />
      ) : data.kind === 'salesReport' ? (
        <SalesReportTicket report={data.report} issuer={data.issuer} paper={parsed.view.paper === '58mm' ? '58mm' : '80mm'} />
      ) : (
        <PrintedDocument data={data.data} paper={parsed.view.paper} />
      )}
    </div>
  );
}
