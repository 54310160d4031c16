// Confirming numbers before reuse. A held series (numbering_holds: after a restore over a damaged or
// missing database, or a -wal that lost sales) takes no number until its next one is known to be above the highest
// used anywhere: the hold's own record (the damaged file, the copy), this database's documents and counter, the shop
// server when it answers, and the API's record lookup, probed forward from there. The API answers 404 for a number it
// does not hold; any other failure (offline, token) leaves the hold in place and the cashier is told in plain words,
// with the choice of jumping ahead past a safe margin instead, which is recorded.
// A note series (07, 08) cannot be confirmed: the record lookup knows boletas and facturas only, and answers "not
// found" for every note, which would read as "nothing after the last known" while SUNAT may hold the lost notes. Its
// hold stays until the cashier chooses to jump ahead; a note meanwhile is refused with the same code as a sale.
import type { ApiClient } from '../api';
import { isApiError } from '../api';
import type { Db, DocType, NumberingHold, NumberingRepository } from '../db';
import type { Logger } from '../dispatch';
import { CoreError } from './errors';

/** Numbers checked past the highest one found before the API's record is taken as ended (rejected ones leave gaps). */
export const PROBE_WINDOW = 10;
/** How far ahead a jump goes past the highest known number, when the cashier cannot wait for the confirmation. */
export const JUMP_MARGIN = 1000;
/** A sale waits this long at most for a confirmation under way before it is told to wait. */
const WAIT_FOR_CONFIRMATION_MS = 15_000;
const MAX_NUMBER = 99_999_999;

/** The confirmation the cashier gives on a retry of the sale (SaleInput.confirmed). */
export const JUMP_CONFIRMATION = 'numbering_jump';

export interface NumberingDeps {
  db: Db;
  repo: NumberingRepository;
  api: Pick<ApiClient, 'receipt'>;
  ruc: () => string;
  /** The shop server's highest number of a series; null when there is no server or it does not answer. */
  shopHighest?: (docType: DocType, series: string) => Promise<number | null>;
  log: Logger;
  onChange?: () => void;
}

const printed = (series: string, n: number) => `${series}-${String(n).padStart(8, '0')}`;

/** Only boletas and facturas have a record lookup: the evidence that can confirm a series. */
export const confirmable = (docType: DocType): docType is '01' | '03' => docType === '01' || docType === '03';

export class NumberingService {
  private running: Promise<void> | undefined;
  private problem: string | null = null;

  constructor(private readonly d: NumberingDeps) {}

  holds(): NumberingHold[] {
    return this.d.repo.holds();
  }

  private holdOf(docType: DocType, series: string): NumberingHold | undefined {
    return this.d.repo.holdOf(docType, series);
  }

  /** The highest number this database knows for a held series (its hold, its counter, its documents). */
  private localHighest(hold: NumberingHold): number {
    const { sqlite } = this.d.db;
    const counter = (sqlite.prepare('SELECT last_number FROM series WHERE doc_type = ? AND series = ?').pluck().get(hold.docType, hold.series) as number | undefined) ?? 0;
    const documents = (sqlite.prepare('SELECT MAX(number) FROM documents WHERE doc_type = ? AND series = ?').pluck().get(hold.docType, hold.series) as number | null) ?? 0;
    return Math.max(hold.knownLast, counter, documents);
  }

  /** Confirms every held series it can; one attempt at a time. Never throws (the reason is kept for the message). */
  confirm(): Promise<void> {
    this.running ??= this.confirmAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async confirmAll(): Promise<void> {
    for (const hold of this.holds().filter((h) => confirmable(h.docType))) {
      try {
        await this.confirmOne(hold);
      } catch (error) {
        this.problem = isApiError(error) ? `la API no respondió (${error.message})` : error instanceof Error ? error.message : String(error);
        this.d.log.warn('numbering not confirmed', { series: hold.series, error: this.problem });
      }
    }
    this.d.onChange?.();
  }

  private async confirmOne(hold: NumberingHold): Promise<void> {
    if (!confirmable(hold.docType)) return; // nothing can prove a note series: held until the cashier jumps
    const local = this.localHighest(hold);
    let server: number | null = null;
    try {
      server = (await this.d.shopHighest?.(hold.docType, hold.series)) ?? null;
    } catch {
      server = null; // the server is optional evidence; the API decides
    }
    const from = Math.max(local, server ?? 0);
    const api = await this.probe(hold.docType, hold.series, from);
    const last = Math.max(from, api);
    const detail =
      `Numeración confirmada tras ${reasonText(hold.reason)}: último conocido ${local} (archivo dañado, copia y esta base), ` +
      `servidor de la tienda ${server === null ? 'sin respuesta o no usado' : server}, API ${api > from ? `registra hasta ${api}` : `nada después de ${from}`}; ` +
      `sigue en ${printed(hold.series, last + 1)}.`;
    this.d.repo.release(hold.docType, hold.series, last, 'confirmed', detail);
    this.d.log.info('numbering confirmed', { series: hold.series, last });
  }

  /** The highest number at or after `from` the API holds (from itself when none after it). */
  private async probe(docType: '01' | '03', series: string, from: number): Promise<number> {
    const kind = docType === '01' ? 'factura' : 'boleta';
    const ruc = this.d.ruc();
    const exists = async (n: number): Promise<boolean> => {
      try {
        await this.d.api.receipt(kind, { ruc, series, number: String(n) });
        return true;
      } catch (error) {
        if (isApiError(error) && error.kind === 'not_found') return false;
        throw error;
      }
    };
    let found = from;
    for (;;) {
      // Gallop forward to a number the API does not hold, then narrow down between the two.
      let step = 1;
      let missing: number | undefined;
      while (missing === undefined) {
        const n = Math.min(MAX_NUMBER, found + step);
        if (n === found) return found;
        if (await exists(n)) {
          found = n;
          step *= 2;
        } else {
          missing = n;
        }
      }
      while (missing - found > 1) {
        const mid = Math.floor((found + missing) / 2);
        if (await exists(mid)) found = mid;
        else missing = mid;
      }
      // A rejected number is spent but has no record: look a little further before taking the end as the end.
      let further: number | undefined;
      for (let n = found + 2; n <= Math.min(MAX_NUMBER, found + PROBE_WINDOW) && further === undefined; n++) {
        if (await exists(n)) further = n;
      }
      if (further === undefined) return found;
      found = further;
    }
  }

  /**
   * Before a sale or a note in `series`: nothing when it is not held. Otherwise waits for a confirmation (starting
   * one) when one can release it; if it is still held, jumps ahead when the cashier confirmed it, or refuses with
   * CoreError('numbering_unconfirmed'). A note series is never released by a confirmation: no wait, the same choice.
   */
  async beforeIssue(docType: DocType, series: string, confirmed: readonly string[] = []): Promise<void> {
    if (!this.holdOf(docType, series)) return;
    if (confirmable(docType)) {
      await Promise.race([this.confirm(), new Promise((resolve) => setTimeout(resolve, WAIT_FOR_CONFIRMATION_MS).unref?.())]);
    }
    const hold = this.holdOf(docType, series);
    if (!hold) return;
    const target = Math.min(MAX_NUMBER, this.localHighest(hold) + JUMP_MARGIN);
    if (confirmed.includes(JUMP_CONFIRMATION)) {
      this.d.repo.release(
        docType,
        series,
        target,
        'jumped',
        `El cajero eligió continuar sin confirmar la numeración tras ${reasonText(hold.reason)} ` +
          `(${confirmable(docType) ? (this.problem ?? 'sin confirmación') : NO_NOTE_LOOKUP}): ` +
          `salta de ${this.localHighest(hold)} a ${target}; sigue en ${printed(series, target + 1)}.`,
      );
      this.d.onChange?.();
      return;
    }
    if (!confirmable(docType)) {
      throw new CoreError(
        'numbering_unconfirmed',
        `Caja no pudo confirmar con SUNAT el último número usado de la serie ${series} después de ${reasonText(hold.reason)} ` +
          `(${NO_NOTE_LOOKUP}). Para no repetir un número ya declarado, la nota NO se emitió. ` +
          `Puede continuar desde ${printed(series, target + 1)} (se saltarán ${JUMP_MARGIN} números y quedará registrado).`,
      );
    }
    throw new CoreError(
      'numbering_unconfirmed',
      `Caja no pudo confirmar con SUNAT el último número usado de la serie ${series} después de ${reasonText(hold.reason)}` +
        `${this.problem ? ` (${this.problem})` : ''}. Para no repetir un número ya declarado, la venta NO se emitió. ` +
        `Puede esperar a tener conexión y volver a intentar, o continuar desde ${printed(series, target + 1)} ` +
        `(se saltarán ${JUMP_MARGIN} números y quedará registrado).`,
    );
  }
}

const NO_NOTE_LOOKUP = 'SUNAT no ofrece consulta de notas de crédito ni de débito: su numeración no se puede confirmar';

function reasonText(reason: NumberingHold['reason']): string {
  return reason === 'wal_loss'
    ? 'encontrar dañado el registro de las últimas ventas'
    : reason === 'new_database'
      ? 'empezar una base de datos nueva'
      : 'restaurar una copia sobre una base de datos dañada';
}
