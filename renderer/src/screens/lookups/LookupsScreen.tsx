// Consultas: a boleta/factura record, a transport guide, a CDR, the month's sales register for SIRE. One tab each.
import { useState, type KeyboardEvent } from 'react';
import { CdrQuery } from './CdrQuery';
import { GuideLookup } from './GuideLookup';
import { ReceiptLookup } from './ReceiptLookup';
import { SalesRegister } from './SalesRegister';

const TABS = [
  { id: 'receipt', label: 'Boleta o factura' },
  { id: 'guide', label: 'Guía de remisión' },
  { id: 'cdr', label: 'CDR' },
  { id: 'sire', label: 'Registro de ventas (SIRE)' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function LookupsScreen(): React.JSX.Element {
  const [tab, setTab] = useState<TabId>('receipt');

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = TABS.findIndex((t) => t.id === tab);
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    if (next) {
      setTab(next.id);
      document.getElementById(`tab-${next.id}`)?.focus();
    }
  };

  return (
    <section id="screen-lookups" className="screen lookups" aria-labelledby="lookups-title" tabIndex={-1}>
      <div className="screen__head">
        <h1 id="lookups-title">Consultas</h1>
      </div>
      <div className="tabs" role="tablist" aria-label="Tipo de consulta" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="tabs__panel">
        {tab === 'receipt' ? <ReceiptLookup /> : null}
        {tab === 'guide' ? <GuideLookup /> : null}
        {tab === 'cdr' ? <CdrQuery /> : null}
        {tab === 'sire' ? <SalesRegister /> : null}
      </div>
    </section>
  );
}
