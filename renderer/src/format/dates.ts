// Dates for display, always in Lima time (UTC-05:00, no daylight saving).
import { limaDate } from '../../../shared/catalog';
import { dateTimeText } from '../../../shared/printing/printed-text';

/** '2026-03-01T10:30:00-05:00' or '...Z' → '01/03/2026 10:30'. Unreadable text is returned as it came. */
export const formatDateTime = dateTimeText;

/** The Lima time of day of an instant: '...T15:04:00Z' → '10:04'. */
export function formatTime(iso: string): string {
  return formatDateTime(iso).slice(11);
}

/** '2026-03-01' → '01/03/2026'. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

/** Today's Lima date as YYYY-MM-DD. */
export function todayLima(now: Date = new Date()): string {
  return limaDate(now);
}

/** A Lima day plus n calendar days, as YYYY-MM-DD. */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Series-number as printed: B001-00000123. */
export function documentNumber(series: string, number: number | string): string {
  return `${series}-${String(number).padStart(8, '0')}`;
}
