// Live totals of the sale, computed once per change of the lines (useWatch + useMemo) and shared with the panels
// that show them. Only the context's consumers re-render on a keystroke, never the lines table. Discounts
// are applied as the core will: the lines at their net prices.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { computeTotals, solesToDollars, type SaleTotals } from '../../../../shared/billing';
import { discountSale } from '../../../../shared/discounts';
import { decimalText, isBlankLine, type LineValues, type SaleFormValues } from './form-values';
import { discountsOf } from './sale-discounts';

/** The line with its decimals as the sale will send them ('3,50' counts as 3.50). */
const asTyped = (line: LineValues) => ({ ...line, quantity: decimalText(line.quantity), unitPrice: decimalText(line.unitPrice) });

export type LiveTotals = SaleTotals & {
  /** Every discount together, in soles as typed, 2 decimals ('0.00' without, or while one is typed wrong). */
  discount: string;
  /** A dollar sale: the rate its soles lines are converted at, or null while today has none (totals stay at zero). */
  exchangeRate?: string | null;
};

const PLAIN_DECIMAL = /^\d*\.?\d+$/;

/** The lines priced in soles, priced in dollars at `rate` as the core will declare them (unreadable prices as typed). */
function inDollars(lines: ReturnType<typeof asTyped>[], rate: string): ReturnType<typeof asTyped>[] {
  return lines.map((l) => (PLAIN_DECIMAL.test(l.unitPrice) ? { ...l, unitPrice: solesToDollars(l.unitPrice, rate) } : l));
}

/** The lines at their net prices when the typed discounts apply, else as typed. */
function discountedLines(lines: LineValues[], saleDiscount: string): { lines: ReturnType<typeof asTyped>[]; discount: string } {
  const typed = lines.map(asTyped);
  const lineIndex = lines.flatMap((l, i) => (isBlankLine(l) ? [] : [i]));
  const discounts = discountsOf({ lines, saleDiscount }, lineIndex);
  if (discounts.errors.length > 0 || (discounts.lineDiscounts.length === 0 && !discounts.saleDiscount)) return { lines: typed, discount: '0.00' };
  const complete = lineIndex.every((i) => /^\d*\.?\d+$/.test(typed[i]?.quantity ?? '') && /^\d*\.?\d+$/.test(typed[i]?.unitPrice ?? ''));
  if (!complete) return { lines: typed, discount: '0.00' };
  const applied = discountSale(lineIndex.map((i) => typed[i]!), discounts.lineDiscounts, discounts.saleDiscount);
  if (!applied.ok || !applied.plan) return { lines: typed, discount: '0.00' };
  const out = [...typed];
  lineIndex.forEach((formIndex, k) => {
    out[formIndex] = applied.lines[k]!;
  });
  return { lines: out, discount: applied.plan.discount };
}

const TotalsContext = createContext<LiveTotals | null>(null);

interface TotalsProviderProps {
  control: Control<SaleFormValues>;
  igvRegime: 'general' | 'special';
  children: ReactNode;
}

export function TotalsProvider({ control, igvRegime, children }: TotalsProviderProps): React.JSX.Element {
  const lines = useWatch({ control, name: 'lines' });
  const currency = useWatch({ control, name: 'currency' });
  const saleDiscount = useWatch({ control, name: 'saleDiscount' });
  const exchangeRate = useWatch({ control, name: 'exchangeRate' });
  const totals = useMemo(() => {
    const net = discountedLines(lines, saleDiscount ?? '');
    if (currency !== 'USD') return { ...computeTotals({ lines: net.lines, currency }, { igvRegime }), discount: net.discount };
    // Without today's rate a dollar price is unknown: nothing to charge yet (the header asks for the rate).
    const rate = exchangeRate && PLAIN_DECIMAL.test(exchangeRate) ? exchangeRate : null;
    const priced = rate ? inDollars(net.lines, rate) : [];
    return { ...computeTotals({ lines: priced, currency }, { igvRegime }), discount: rate ? net.discount : '0.00', exchangeRate: rate };
  }, [lines, currency, igvRegime, saleDiscount, exchangeRate]);
  return <TotalsContext.Provider value={totals}>{children}</TotalsContext.Provider>;
}

export function useTotals(): LiveTotals {
  const totals = useContext(TotalsContext);
  if (!totals) throw new Error('useTotals outside TotalsProvider');
  return totals;
}
