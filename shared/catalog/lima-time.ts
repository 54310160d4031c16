/**
 * Peru (America/Lima) is UTC-05:00 all year, with no daylight saving time, so Lima local time is plain
 * arithmetic on the instant: no time-zone database needed.
 */
export const LIMA_OFFSET = '-05:00';
const LIMA_OFFSET_MS = -5 * 60 * 60 * 1000;

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validCalendarDay(year: number, month: number, day: number): boolean {
  // Years before 1900 are refused (Date.UTC maps two-digit years to 19xx; no sale is that old).
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Epoch milliseconds of an ISO 8601 date-time that carries an explicit offset (`Z` or `±HH:mm`), or null when
 * the text is not such a date-time or names an impossible date (2026-02-30) or time. Date-times without an
 * offset are refused: they would be ambiguous.
 */
export function parseIsoInstant(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = ISO_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, offset] = m as unknown as string[];
  const year = Number(y), month = Number(mo), day = Number(d);
  const hour = Number(h), minute = Number(mi), second = s === undefined ? 0 : Number(s);
  if (!validCalendarDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (offset !== 'Z' && offset !== undefined) {
    const oh = Number(offset.slice(1, 3)), om = Number(offset.slice(4, 6));
    if (oh > 14 || om > 59) return null;
    offsetMinutes = (offset.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const millis = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const m = ISO_DATE.exec(text);
  return m !== null && validCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Lima wall-clock time of an instant as `YYYY-MM-DDTHH:mm:ss-05:00` (fractions of a second dropped). */
export function limaDateTime(instant: number | Date): string {
  const t = new Date((typeof instant === 'number' ? instant : instant.getTime()) + LIMA_OFFSET_MS);
  return (
    `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}` +
    `T${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}${LIMA_OFFSET}`
  );
}

/** Lima calendar day of an instant as `YYYY-MM-DD`. */
export function limaDate(instant: number | Date): string {
  return limaDateTime(instant).slice(0, 10);
}

/**
 * Lima calendar day of `when`: a Date, an ISO date-time with offset, or a plain `YYYY-MM-DD` (taken as a Lima
 * day). Null when it is none of these.
 */
export function limaDateOf(when: unknown): string | null {
  if (when instanceof Date) return Number.isNaN(when.getTime()) ? null : limaDate(when);
  if (isIsoDate(when)) return when;
  const instant = parseIsoInstant(when);
  return instant === null ? null : limaDate(instant);
}
