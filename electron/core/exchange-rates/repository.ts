// The day's exchange rate, one row per Lima calendar day (migration 0029). Decimals as text.
import type Database from 'better-sqlite3';
import type { Clock, Db } from '../db/types';

export type RateSource = 'manual' | 'provider';

export interface ExchangeRateRow {
  day: string;
  /** Soles per dollar, SUNAT's "venta" rate, 3 decimals: what a dollar sale converts at. */
  sell: string;
  buy: string | null;
  source: RateSource;
  set_by: string | null;
  updated_at: string;
}

export class ExchangeRatesRepository {
  private readonly selectDay: Database.Statement<[string], ExchangeRateRow>;
  private readonly upsertDay: Database.Statement<[Record<string, unknown>]>;

  constructor(db: Db, private readonly now: Clock = () => new Date()) {
    this.selectDay = db.sqlite.prepare('SELECT day, sell, buy, source, set_by, updated_at FROM exchange_rates WHERE day = ?');
    this.upsertDay = db.sqlite.prepare(`INSERT INTO exchange_rates (day, sell, buy, source, set_by, updated_at)
      VALUES (@day, @sell, @buy, @source, @set_by, @updated_at)
      ON CONFLICT (day) DO UPDATE SET sell = excluded.sell, buy = excluded.buy, source = excluded.source,
        set_by = excluded.set_by, updated_at = excluded.updated_at`);
  }

  get(day: string): ExchangeRateRow | undefined {
    return this.selectDay.get(day);
  }

  put(row: Omit<ExchangeRateRow, 'updated_at'>): ExchangeRateRow {
    const stored = { ...row, updated_at: this.now().toISOString() };
    this.upsertDay.run(stored);
    return stored;
  }
}
