// The stock of the product on the line the cashier is on, under the lines: what the shelf holds by this till's
// kardex and what this sale leaves of it. Selling never stops for it: a sale below zero goes on and is listed for
// review in Inventario, and the line says so before F12 rather than after.
import { useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { StockRow } from '../../../../shared/bridge';
import { Dec } from '../../../../shared/billing/decimal';
import { call } from '../../pos';
import type { SaleFormValues } from './form-values';

/** Whole numbers as they are, weights with their grams: '12', '1.375'. */
const quantityText = (d: Dec) => d.toDecimalPlaces(3).toString();

/** What this sale takes of `code` over all its lines (a product scanned twice is two lines). */
function takenBySale(lines: SaleFormValues['lines'], code: string): Dec {
  return lines.reduce((sum, l) => {
    if (l.productCode !== code) return sum;
    const q = /^\d+(\.\d+)?$/.test(l.quantity.trim()) ? new Dec(l.quantity.trim()) : new Dec(0);
    return sum.plus(q);
  }, new Dec(0));
}

export function LineStock({ form, line }: { form: UseFormReturn<SaleFormValues>; line: number | null }): React.JSX.Element | null {
  const lines = useWatch({ control: form.control, name: 'lines' });
  // On the new empty line a scan moved to, the product just scanned (the nearest line above with one).
  let code = '';
  for (let i = Math.min(line ?? -1, lines.length - 1); i >= 0 && !code; i--) code = lines[i]?.productCode ?? '';
  const [row, setRow] = useState<{ code: string; stock: StockRow | null } | null>(null);

  useEffect(() => {
    if (!code) return;
    let live = true;
    // Read after the cashier settles on the line: a burst of scans asks once, for the line they stop on.
    const timer = setTimeout(() => {
      void call((api) => api.getStock({ codes: [code] })).then((r) => {
        if (live) setRow({ code, stock: r.ok ? (r.value.find((s) => s.code === code) ?? null) : null });
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code]);

  if (!code || !row || row.code !== code || !row.stock) return null;
  const stock = new Dec(row.stock.quantity);
  const left = stock.minus(takenBySale(lines, code));
  const low = row.stock.minimum !== null && left.lt(row.stock.minimum);
  const tone = left.isNegative() ? 'error' : low ? 'warning' : 'info';
  return (
    <p className={`lines__stock lines__stock--${tone}`} data-testid="line-stock" role="status">
      Stock de {row.stock.description}: <strong>{quantityText(stock)}</strong>
      {row.stock.minimum !== null ? ` (mínimo ${row.stock.minimum})` : ''} · quedarán <strong>{quantityText(left)}</strong>
      {left.isNegative() ? ': la venta sigue y quedará en la lista de ventas bajo cero para revisar.' : low ? ': stock bajo.' : ''}
    </p>
  );
}
