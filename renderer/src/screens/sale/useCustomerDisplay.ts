// Keeps the customer display (renderer/src/display) in step with the sale: the lines and total as they change, the
// change once the cash is typed, a thank-you after issuing, and idle when the next sale starts empty.
import { useEffect, useRef } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { currencySymbol, formatAmount, parseMoney } from '../../format/money';
import { openDisplayChannel, type DisplayMessage } from '../../display/display-channel';
import { useTotals } from './totals-context';
import { dollarChangeInSoles } from '../../../../shared/cash/dollars';
import type { SaleFormValues } from './form-values';

/** After a thank-you the display keeps it until the next sale has a line (the emptied form must not hide it). */
let thanking = false;
/**
 * The exchange rate the last dollar sale was shown at: the form is emptied before the thank-you, and a dollar sale's
 * change is handed back in soles at that rate.
 */
let dollarRate: string | null = null;

export function useCustomerDisplay(control: Control<SaleFormValues>): void {
  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    channel.current = openDisplayChannel();
    return () => channel.current?.close();
  }, []);
  const totals = useTotals();
  const [lines, cash, currency] = useWatch({ control, name: ['lines', 'payment.cashReceived', 'currency'] });
  useEffect(() => {
    const shown = lines
      .map((line, i) => ({ line, amount: totals.lines[i]?.total ?? '0.00' }))
      .filter(({ line }) => line.description.trim() !== '');
    if (shown.length === 0 && thanking) return;
    thanking = false;
    if (currency === 'USD' && totals.exchangeRate) dollarRate = totals.exchangeRate;
    const received = parseMoney(cash);
    const over = received && received.greaterThanOrEqualTo(totals.total) && totals.total !== '0.00' ? received.minus(totals.total) : null;
    // A dollar sale's change is handed back in soles, at the day's rate.
    const inSoles = currency === 'USD' && totals.exchangeRate && over ? dollarChangeInSoles(over.toFixed(2), totals.exchangeRate) : null;
    const change = inSoles ? formatAmount(inSoles) : over ? formatAmount(over) : null;
    const message: DisplayMessage =
      shown.length === 0
        ? { kind: 'idle' }
        : {
            kind: 'sale',
            lines: shown.map(({ line, amount }) => ({ description: line.description, quantity: line.quantity, amount: formatAmount(amount) })),
            total: formatAmount(totals.total),
            currencySymbol: currencySymbol(currency),
            change,
            ...(inSoles ? { changeSymbol: 'S/' } : {}),
          };
    channel.current?.postMessage(message);
  }, [lines, cash, currency, totals]);
}

/** The feed, placed inside the sale's TotalsProvider. */
export function DisplayFeed({ control }: { control: Control<SaleFormValues> }): null {
  useCustomerDisplay(control);
  return null;
}

/** After issuing: the thank-you screen with the total and the change. */
export function showThanks(total: string, cashReceived: string, currency: string, otherPaid = '0.00'): void {
  const channel = openDisplayChannel();
  if (!channel) return;
  thanking = true;
  const received = parseMoney(cashReceived);
  // Cash pays what card, Yape... did not; the change is what cash gave beyond that.
  const cashDue = parseMoney(total)?.minus(parseMoney(otherPaid) ?? 0) ?? null;
  const over = received && cashDue && received.greaterThanOrEqualTo(cashDue) ? received.minus(cashDue) : null;
  // A dollar sale's change is handed back in soles, at its exchange rate.
  const inSoles = currency === 'USD' && dollarRate && over ? dollarChangeInSoles(over.toFixed(2), dollarRate) : null;
  const change = inSoles ? formatAmount(inSoles) : over ? formatAmount(over) : null;
  const message: DisplayMessage = { kind: 'thanks', total: formatAmount(total), currencySymbol: currencySymbol(currency), change, ...(inSoles ? { changeSymbol: 'S/' } : {}) };
  channel.postMessage(message);
  channel.close();
}
