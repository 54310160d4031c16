// The periods the owner picks (Hoy, Semana, Mes), each compared with the same number of days just before it, and the
// change of a figure against that period, in words a shop owner reads at a glance.
import Decimal from 'decimal.js';
import { addDays, formatDay, todayLima } from '../../format/dates';
import { toMoney } from '../../format/money';

export type PeriodId = 'day' | 'week' | 'month';

export const PERIODS: readonly { id: PeriodId; label: string; days: number; before: string }[] = [
  { id: 'day', label: 'Hoy', days: 1, before: 'ayer' },
  { id: 'week', label: 'Semana', days: 7, before: 'los 7 días anteriores' },
  { id: 'month', label: 'Mes', days: 30, before: 'los 30 días anteriores' },
];

export function rangeOf(period: PeriodId, today: string = todayLima()): { from: string; to: string } {
  const days = PERIODS.find((p) => p.id === period)?.days ?? 1;
  return { from: addDays(today, 1 - days), to: today };
}

/** 'del 01/11/2026 al 30/11/2026', or 'del 30/11/2026' for one day. */
export function rangeText(from: string, to: string): string {
  return from === to ? `del ${formatDay(from)}` : `del ${formatDay(from)} al ${formatDay(to)}`;
}

/** '+12.5 %', '−3.0 %', '=' when equal; null when the period before had nothing to compare with. */
export function changeText(current: string | number, previous: string | number): { text: string; tone: 'up' | 'down' | 'same' } | null {
  const before = toMoney(String(previous));
  const now = toMoney(String(current));
  if (before.isZero()) return null;
  const pct = now.minus(before).div(before).times(100).toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
  if (pct.isZero()) return { text: '= 0.0 %', tone: 'same' };
  return pct.isPositive() ? { text: `+${pct.toFixed(1)} %`, tone: 'up' } : { text: `−${pct.abs().toFixed(1)} %`, tone: 'down' };
}
