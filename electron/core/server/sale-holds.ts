// What is left of a sale, decided by the shop server (server migration 0015): before this till spends a note number
// or hands out cash on a sale, it holds the note's amount and lines there, in one transaction that counts every till's
// holds and notes; a void holds the sale whole. Offline (no shop server, or it does not answer) a till credits and
// voids only against its own ledger: `hold` answers 'offline' and the caller decides whether that is enough.
import type pg from 'pg';
import { CoreError } from '../services/errors';
import { modifiesKey, parseModifiesKey } from './shop-notes';

export interface SaleRef {
  docType: '01' | '03';
  series: string;
  number: number;
}

export interface NoteHold {
  /** The note's id_Base_Dato: the pushed note and its hold are one on the server. */
  key: string;
  sale: SaleRef;
  kind: '07' | '08';
  /** The note's total, 2 decimals (a debit note holds 0: it credits nothing, but a void must see it). */
  amount: string;
  whole: boolean;
  lines: { line: number; quantity: string }[];
}

export interface SaleHoldsDeps {
  /** A call on the shop server (ShopLink.readServer): refuses in Spanish when none is used or it does not answer. */
  call: <T>(fn: (pool: pg.Pool) => Promise<T>) => Promise<T>;
  /** The shop server is in use and answered last time. */
  online: () => boolean;
  terminalId: () => string;
  /** This till stored the note of that id_Base_Dato. */
  hasNote: (idBaseDato: string) => boolean;
  /** This till holds a standing void (requested, sending, accepted, in attention) of that sale of its own. */
  voidStands: (sale: SaleRef) => boolean;
  now: () => Date;
  log?: { warn(message: string, data?: Record<string, unknown>): void };
}

/** The key of a void's hold: one per sale, whichever request of it. */
export const voidHoldKey = (sale: SaleRef): string => `void:${modifiesKey(sale.docType, sale.series, sale.number)}`;

/** A hold older than this with no note behind it at its till was never stored (the till died between the two). */
export const ORPHAN_AFTER_MS = 5 * 60_000;
/** How often this till looks for its orphaned holds. */
const SWEEP_EVERY_MS = 60_000;

export class SaleHolds {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly d: SaleHoldsDeps) {}

  /** Sweeps every minute while the core runs, so that what orphaned holds took comes back to their sales. */
  start(): void {
    this.timer ??= setInterval(() => {
      void this.sweep().catch((e: unknown) => this.d.log?.warn('sale holds: the sweep failed', { error: e instanceof Error ? e.message : String(e) }));
    }, SWEEP_EVERY_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Holds a note on the server: 'held', or 'offline' when the server is not in use or cannot be reached. A refusal
   * (what is left is less, the sale is being voided) is a CoreError in Spanish, before any number is spent.
   */
  hold(note: NoteHold): Promise<'held' | 'offline'> {
    return this.place(note.key, note.sale, note.kind, note.amount, note.whole, note.lines);
  }

  /** Holds a void of the sale: refused while any till's note counts against it. */
  holdVoid(sale: SaleRef): Promise<'held' | 'offline'> {
    return this.place(voidHoldKey(sale), sale, 'void', '0', false, []);
  }

  /** Releases this till's hold; a server that cannot be reached leaves it to `sweep`. */
  async release(key: string): Promise<void> {
    if (!this.d.online()) return;
    await this.d
      .call((pool) => pool.query({ name: 'caja_release_hold', text: 'SELECT caja_release_hold($1, $2)', values: [key, this.d.terminalId()] }))
      .catch((e: unknown) => this.d.log?.warn('sale holds: a release failed; the sweep retries it', { key, error: e instanceof Error ? e.message : String(e) }));
  }

  /**
   * Releases this till's open holds that nothing here stands behind: a note hold older than ORPHAN_AFTER_MS whose note
   * this till never stored (the core died between the hold and the note), a void hold whose void this till does not
   * hold standing (refused, or never recorded). Answers how many were released.
   */
  async sweep(): Promise<number> {
    if (!this.d.online()) return 0;
    const open = await this.d.call((pool) =>
      pool.query<{ hold_key: string; kind: string; sale_key: string; created_at: Date }>({
        name: 'caja_own_open_holds',
        // A note the server holds stands, whatever this till's store says (a restore may have lost it here).
        text: `SELECT h.hold_key, h.kind, h.sale_key, h.created_at FROM sale_holds h WHERE h.terminal_id = $1 AND h.released_at IS NULL
                 AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.id_base_dato = h.hold_key) LIMIT 1000`,
        values: [this.d.terminalId()],
      }),
    );
    const now = this.d.now().getTime();
    const stands = (h: { hold_key: string; kind: string; sale_key: string; created_at: Date }): boolean => {
      if (h.kind !== 'void') return now - h.created_at.getTime() < ORPHAN_AFTER_MS || this.d.hasNote(h.hold_key);
      const sale = parseModifiesKey(h.sale_key);
      return sale !== null && this.d.voidStands(sale);
    };
    let released = 0;
    for (const h of open.rows) {
      if (stands(h)) continue;
      await this.release(h.hold_key);
      released += 1;
    }
    return released;
  }

  private async place(key: string, sale: SaleRef, kind: string, amount: string, whole: boolean, lines: NoteHold['lines']): Promise<'held' | 'offline'> {
    if (!this.d.online()) return 'offline';
    let answer: HoldAnswer;
    try {
      const res = await this.d.call((pool) =>
        pool.query<{ answer: HoldAnswer }>({
          name: 'caja_hold_sale',
          text: 'SELECT caja_hold_sale($1, $2, $3, $4, $5, $6, $7::jsonb) AS answer',
          values: [key, modifiesKey(sale.docType, sale.series, sale.number), kind, this.d.terminalId(), amount, whole, JSON.stringify(lines)],
        }),
      );
      answer = res.rows[0]?.answer ?? { ok: false, message: 'El servidor de la tienda no respondió a la reserva.' };
    } catch (e) {
      if (e instanceof CoreError && e.code === 'server_unavailable') return 'offline';
      throw e;
    }
    if (!answer.ok) throw new CoreError(REFUSALS[answer.code ?? ''] ?? 'conflict', answer.message ?? 'El servidor de la tienda no aceptó la reserva.');
    return 'held';
  }
}

interface HoldAnswer {
  ok: boolean;
  code?: string;
  message?: string;
}

/** The server's refusal codes as the core's error codes (the forms show the message; tests read the code). */
const REFUSALS: Record<string, string> = { voided: 'voided', exceeds: 'note_exceeds', has_notes: 'not_voidable', released: 'conflict' };
