// Calendar days as a Peruvian reads and writes them: dd/mm/aaaa, whatever the computer's locale.
// Data stays ISO (YYYY-MM-DD); only the text a person sees or types uses this form.
import { isIsoDate } from './lima-time';

const SEPARATED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/;
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/;

/**
 * The ISO day of a typed date, or null when the text is not a real calendar day. Accepts 1/3/2026, 01/03/2026,
 * 01-03-26, 01.03.2026, 01032026 (eight digits, as typed on a keypad) and an ISO day pasted as such.
 */
export function parseDayText(text: string): string | null {
  const trimmed = text.trim();
  if (isIsoDate(trimmed)) return trimmed;
  const m = SEPARATED.exec(trimmed) ?? DIGITS_ONLY.exec(trimmed);
  if (!m) return null;
  const [, d, mo, y] = m as unknown as [string, string, string, string];
  const year = y.length === 2 ? `20${y}` : y;
  const iso = `${year}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** '2026-03-01' → '01/03/2026'; any other text is returned as it came. */
export function formatDayText(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}
