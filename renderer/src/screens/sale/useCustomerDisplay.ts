// Keeps the customer display (renderer/src/display) in step with the sale: the lines and total as they change, the
// change once the cash is typed, a thank-you after issuing, and idle when the next sale starts empty.
import { useEffect, useRef } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { currencySymbol, formatAmount, parseMoney } from '../../format/money';
import { openDisplayChannel, type DisplayMessage } from '../../display/display-channel';
import { useTotals } from './totals-context';
import type { SaleFormValues } from './form-values';

/** After a thank-you the display keeps it until the next sale has a line (the emptied form must not hide it). */
let thanking = false;

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
    const received = parseMoney(cash);
    const change = received && received.greaterThanOrEqualTo(totals.total) && totals.total !== '0.00' ? formatAmount(received.minus(totals.total)) : null;
    const message: DisplayMessage =
      shown.length === 0
        ? { kind: 'idle' }
        : {
            kind: 'sale',
            lines: shown.map(({ line, amount }) => ({ description: line.description, quantity: line.quantity, amount: formatAmount(amount) })),
            total: formatAmount(totals.total),
            currencySymbol: currencySymbol(currency),
            change,
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
  const change = received && cashDue && received.greaterThanOrEqualTo(cashDue) ? formatAmount(received.minus(cashDue)) : null;
  channel.postMessage({ kind: 'thanks', total: formatAmount(total), currencySymbol: currencySymbol(currency), change } satisfies DisplayMessage);
  channel.close();
}
