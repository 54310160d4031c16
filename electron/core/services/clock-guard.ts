// A doubtful clock at the moment of a sale. fecha_Emision comes from this PC's clock: a clock set back
// issues a sale dated before the last one, a clock run ahead (a year, in the drill) issues one dated in the future,
// and SUNAT may refuse either. Before a sale: a clock earlier than the last sale, or more than a day after it while
// Caja cannot check the time against the API, asks the cashier to confirm (CoreError 'clock_confirm'; the renderer
// asks and retries with the confirmation), and the confirmed sale is recorded in numbering_log.
import type { Db } from '../db';
import { limaDateTime } from '../../../shared/catalog';
import { CoreError } from './errors';

/** A sale a little before the last one is ordinary (seconds of precision, a clock adjusted by a minute). */
export const CLOCK_BEHIND_TOLERANCE_MS = 2 * 60_000;
/** Beyond this since the last sale, without the API's time to compare with, the date is asked about. */
export const CLOCK_LEAP_MS = 24 * 60 * 60_000;

export const CLOCK_CONFIRMATION = 'clock';

export interface ClockDoubt {
  kind: 'behind' | 'leap';
  lastSaleAt: string;
  message: string;
}

/** dd/mm/aaaa hh:mm in Lima time. */
function shown(at: Date | string): string {
  const lima = limaDateTime(typeof at === 'string' ? Date.parse(at) : at.getTime());
  return `${lima.slice(8, 10)}/${lima.slice(5, 7)}/${lima.slice(0, 4)} ${lima.slice(11, 16)}`;
}

export class ClockGuard {
  private readonly last;

  constructor(db: Db) {
    this.last = db.sqlite.prepare('SELECT issued_at FROM documents ORDER BY id DESC LIMIT 1').pluck();
  }

  /** The doubt about issuing at `now`, or null. `timeChecked`: the API's clock answered recently (online). */
  doubt(now: Date, timeChecked: boolean): ClockDoubt | null {
    const lastSaleAt = this.last.get() as string | undefined;
    if (!lastSaleAt) return null;
    const last = Date.parse(lastSaleAt);
    if (!Number.isFinite(last)) return null;
    const gap = now.getTime() - last;
    if (gap < -CLOCK_BEHIND_TOLERANCE_MS) {
      return {
        kind: 'behind',
        lastSaleAt,
        message:
          `La fecha y hora de esta computadora (${shown(now)}) es anterior a la de la última venta (${shown(lastSaleAt)}): ` +
          'el reloj parece atrasado. Corríjalo si puede. ¿Emitir de todos modos con la fecha de la computadora? Quedará registrado.',
      };
    }
    if (gap > CLOCK_LEAP_MS && !timeChecked) {
      const days = Math.floor(gap / (24 * 60 * 60_000));
      return {
        kind: 'leap',
        lastSaleAt,
        message:
          `Han pasado ${days === 1 ? '1 día' : `${days} días`} desde la última venta (${shown(lastSaleAt)}) y Caja no tiene ` +
          `conexión para comprobar la hora. ¿Es correcta la fecha de esta computadora (${shown(now)})? Si es así, emita de ` +
          'todos modos; quedará registrado.',
      };
    }
    return null;
  }

  /** Refuses with CoreError('clock_confirm') unless the cashier confirmed; returns the doubt that was confirmed. */
  check(now: Date, timeChecked: boolean, confirmed: readonly string[] = []): ClockDoubt | null {
    const doubt = this.doubt(now, timeChecked);
    if (!doubt) return null;
    if (!confirmed.includes(CLOCK_CONFIRMATION)) throw new CoreError('clock_confirm', doubt.message);
    return doubt;
  }
}
