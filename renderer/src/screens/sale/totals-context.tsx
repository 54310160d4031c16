// Live totals of the sale, computed once per change of the lines (useWatch + useMemo) and shared with the panels
// that show them. Only the context's consumers re-render on a keystroke, never the lines table.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { computeTotals, type SaleTotals } from '../../../../shared/billing';
import { decimalText, type LineValues, type SaleFormValues } from './form-values';

/** The line with its decimals as the sale will send them ('3,50' counts as 3.50). */
const asTyped = (line: LineValues) => ({ ...line, quantity: decimalText(line.quantity), unitPrice: decimalText(line.unitPrice) });

const TotalsContext = createContext<SaleTotals | null>(null);

interface TotalsProviderProps {
  control: Control<SaleFormValues>;
  igvRegime: 'general' | 'special';
  children: ReactNode;
}

export function TotalsProvider({ control, igvRegime, children }: TotalsProviderProps): React.JSX.Element {
  const lines = useWatch({ control, name: 'lines' });
  const currency = useWatch({ control, name: 'currency' });
  const totals = useMemo(
    () => computeTotals({ lines: lines.map(asTyped), currency }, { igvRegime }),
    [lines, currency, igvRegime],
  );
  return <TotalsContext.Provider value={totals}>{children}</TotalsContext.Provider>;
}

export function useTotals(): SaleTotals {
  const totals = useContext(TotalsContext);
  if (!totals) throw new Error('useTotals outside TotalsProvider');
  return totals;
}
