// Inventario: what is on the shelf. The stock of each product (valued at its average cost), the kardex of one, a
// purchase entered from the supplier's document, and a physical count whose differences a supervisor approves.
import { useEffect, useRef, useState } from 'react';
import { Dec } from '../../../../shared/billing/decimal';
import type { KardexRow, StockRow } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { CheckboxField } from '../../components/Field';
import { call } from '../../pos';
import { categoryLabel, inCategory } from './by-category';
import { CategoryFilter, CategoryValues } from './CategoryValues';
import { CountForm } from './CountForm';
import { KardexBooks } from './KardexBooks';
import { LossForm } from './LossForm';
import { StockCsvButton } from './StockCsvButton';
import { PurchaseForm } from './PurchaseForm';

type Panel = { kind: 'kardex'; code: string } | { kind: 'purchase' } | { kind: 'count' } | { kind: 'loss' } | null;

/** An instant as dd/mm/aaaa hh:mm in Lima (UTC−5, no daylight saving). */
function limaDateTimeText(iso: string): string {
  const lima = new Date(Date.parse(iso) - 5 * 3_600_000).toISOString();
  return `${lima.slice(8, 10)}/${lima.slice(5, 7)}/${lima.slice(0, 4)} ${lima.slice(11, 16)}`;
}

const KIND_LABELS: Record<KardexRow['kind'], string> = {
  sale: 'Venta',
  return: 'Devolución',
  void: 'Anulación',
  purchase: 'Compra',
  count: 'Ajuste de inventario',
  transfer: 'Traslado',
  waste: 'Merma',
};

export function StockScreen(): React.JSX.Element {
  const [rows, setRows] = useState<StockRow[] | null>(null);
  const [low, setLow] = useState(false);
  /** null: every category; '' is "Sin categoría". */
  const [category, setCategory] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let current = true;
    void call((api) => api.getStock(low ? { low: true } : {})).then((result) => {
      if (!current) return;
      if (result.ok) {
        setRows(result.value);
        setError(null);
      } else setError(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [low, version]);

  const shown = rows === null ? null : inCategory(rows, category);
  const total = (shown ?? []).reduce((sum, r) => sum.plus(r.value), new Dec(0));
  const of = category === null ? '' : ` de ${categoryLabel(category)}`;
  return (
    <section id="screen-stock" className="screen stock" aria-labelledby="stock-title" tabIndex={-1}>
      <div className="screen__head">
        <h1 id="stock-title">Inventario</h1>
        <div className="products__toolbar">
          <button type="button" className="button--primary" onClick={() => setPanel({ kind: 'purchase' })}>
            Registrar compra
          </button>
          <button type="button" onClick={() => setPanel({ kind: 'count' })}>
            Conteo físico
          </button>
          <button type="button" onClick={() => setPanel({ kind: 'loss' })}>
            Registrar merma
          </button>
          <StockCsvButton report={{ kind: 'stock', ...(low ? { low: true } : {}) }} label="Exportar stock (CSV)" />
        </div>
      </div>
      {message ? <Alert tone="success">{message}</Alert> : null}
      {error ? <Alert tone="error" title="No se pudo leer el stock">{error}</Alert> : null}
      {/* The kardex takes the list's place: its eight columns need the width. */}
      {panel?.kind === 'kardex' ? <Kardex key={panel.code} code={panel.code} onClose={() => setPanel(null)} /> : null}
      {panel?.kind === 'kardex' ? null : (
      <div className={`products__body${panel ? ' products__body--editing' : ''}`}>
        <div className="products__main">
          <div className="stock__filters">
            <CategoryFilter rows={rows ?? []} category={category} onChange={setCategory} />
            <CheckboxField id="stock-low" label="Solo stock bajo (bajo el mínimo)">
              <input id="stock-low" type="checkbox" checked={low} onChange={(event) => setLow(event.target.checked)} />
            </CheckboxField>
          </div>
          <p className="products__count" role="status" data-testid="stock-count">
            {shown === null ? 'Cargando…' : `${shown.length} ${shown.length === 1 ? 'producto' : 'productos'}${of} · valor del stock S/ ${total.toFixed(2)}`}
          </p>
          {rows && category === null && rows.some((r) => r.category !== '') ? <CategoryValues rows={rows} /> : null}
          {shown && shown.length > 0 ? (
            <div className="products__scroll">
              <table className="simple-table products__table" data-testid="stock-table">
                <caption className="visually-hidden">Stock por producto</caption>
                <thead>
                  <tr>
                    <th scope="col">Código</th>
                    <th scope="col">Descripción</th>
                    <th scope="col" className="num">Stock</th>
                    <th scope="col" className="num">Mínimo</th>
                    <th scope="col" className="num">Costo promedio</th>
                    <th scope="col" className="num">Valor</th>
                    <th scope="col">Categoría</th>
                    <th scope="col"><span className="visually-hidden">Acciones</span></th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((r) => {
                    const negative = r.quantity.startsWith('-');
                    const under = r.minimum !== null && new Dec(r.quantity).lt(r.minimum);
                    return (
                      <tr key={r.code}>
                        <td className="mono">{r.code}</td>
                        <th scope="row" className="products__description">{r.description}</th>
                        <td className="num">
                          {r.quantity}
                          {negative ? <span className="products__inactive"> (bajo cero)</span> : under ? <span className="products__inactive"> (stock bajo)</span> : null}
                        </td>
                        <td className="num">{r.minimum ?? '—'}</td>
                        <td className="num">{r.averageCost}</td>
                        <td className="num">{r.value}</td>
                        <td>{r.category === '' ? '—' : r.category}</td>
                        <td className="products__actions-cell">
                          <button type="button" className="button--link" aria-label={`Kardex de ${r.description}`} onClick={() => setPanel({ kind: 'kardex', code: r.code })}>
                            Kardex
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : shown ? (
            <p className="empty">{low ? `Ningún producto${of} está bajo su mínimo.` : `No hay productos${of} con stock.`}</p>
          ) : null}
          <KardexBooks />
        </div>
        {panel?.kind === 'loss' ? (
          <LossForm
            onCancel={() => setPanel(null)}
            onSaved={(text) => {
              setPanel(null);
              setMessage(text);
              reload();
            }}
          />
        ) : null}
        {panel?.kind === 'purchase' ? (
          <PurchaseForm
            onCancel={() => setPanel(null)}
            onSaved={(text) => {
              setPanel(null);
              setMessage(text);
              reload();
            }}
          />
        ) : null}
        {panel?.kind === 'count' ? (
          <CountForm
            category={category}
            onClose={() => {
              setPanel(null);
              reload();
            }}
            onApproved={(text) => {
              setMessage(text);
              reload();
            }}
          />
        ) : null}
      </div>
      )}
    </section>
  );
}

/** The kardex of one product: date, document, in, out, balance, unit cost and balance value (weighted average). */
function Kardex({ code, onClose }: { code: string; onClose: () => void }): React.JSX.Element {
  const [rows, setRows] = useState<KardexRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    void call((api) => api.getKardex({ code })).then((result) => {
      if (result.ok) setRows(result.value);
      else setError(result.error.message);
      // Its heading focused, so the keyboard starts in the kardex.
      heading.current?.focus();
    });
  }, [code]);
  return (
    <section className="stock__kardex" aria-labelledby="kardex-title">
      <h2 id="kardex-title" ref={heading} tabIndex={-1}>
        Kardex de {code}
      </h2>
      <div className="products__toolbar">
        <StockCsvButton report={{ kind: 'kardex', code }} label="Exportar kardex (CSV)" />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {rows && rows.length === 0 ? <p className="empty">Sin movimientos.</p> : null}
      {rows && rows.length > 0 ? (
        <div className="products__scroll">
          <table className="simple-table" data-testid="kardex-table">
            <caption className="visually-hidden">Kardex de {code}</caption>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Movimiento</th>
                <th scope="col">Documento</th>
                <th scope="col" className="num">Entrada</th>
                <th scope="col" className="num">Salida</th>
                <th scope="col" className="num">Saldo</th>
                <th scope="col" className="num">Costo unit.</th>
                <th scope="col" className="num">Valor saldo</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  <td>{limaDateTimeText(r.at)}</td>
                  <td>{KIND_LABELS[r.kind]}</td>
                  <td className="mono">{r.document ?? '—'}</td>
                  <td className="num">{r.quantityIn === '0' ? '' : r.quantityIn}</td>
                  <td className="num">{r.quantityOut === '0' ? '' : r.quantityOut}</td>
                  <td className="num">{r.balance}</td>
                  <td className="num">{r.unitCost}</td>
                  <td className="num">{r.balanceValue}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <button type="button" onClick={onClose}>
        Cerrar kardex
      </button>
    </section>
  );
}
