// The day's exchange rate for dollar sales: typed by the owner or the cashier (works offline), or fetched from the
// provider's exchange-rate operation when online. A fetch never overwrites a rate typed for the same day (the person
// typed what the shop uses): it fills a day that has none, or refreshes one that came from the provider.
import { readExchangeRate } from '../../../shared/billing';
import { limaDate } from '../../../shared/catalog';
import type { ExchangeRateView } from '../../../shared/bridge/exchange-rate';
import { isApiError, type ApiClient } from '../api';
import { CoreError } from '../services/errors';
import type { ExchangeRateRow, ExchangeRatesRepository } from './repository';

export interface ExchangeRatesDeps {
  repo: ExchangeRatesRepository;
  api: Pick<ApiClient, 'exchangeRate'>;
  now: () => Date;
  /** Who typed a rate, recorded with it. */
  who?: () => string | null;
}

export class ExchangeRatesService {
  constructor(private readonly deps: ExchangeRatesDeps) {}

  today(): string {
    return limaDate(this.deps.now());
  }

  /** The rate a dollar sale issued now converts at, or null when today has none. */
  rateForSale(): string | null {
    return this.deps.repo.get(this.today())?.sell ?? null;
  }

  view(note?: string): ExchangeRateView {
    const day = this.today();
    return viewOf(day, this.deps.repo.get(day), note);
  }

  /** A rate typed by a person for today (soles per dollar). */
  set(rate: string | number): ExchangeRateView {
    const read = readExchangeRate(rate);
    if (!read.ok) throw new CoreError('validation', read.message, [{ path: 'rate', message: read.message }]);
    const day = this.today();
    this.deps.repo.put({ day, sell: read.rate, buy: null, source: 'manual', set_by: this.deps.who?.() ?? null });
    return this.view();
  }

  /**
   * Asks the provider for today's rate and stores its "venta". Offline or refused, today's stored rate stays and the
   * answer says why in Spanish, so the cashier can type it instead.
   */
  async fetch(): Promise<ExchangeRateView> {
    const day = this.today();
    let data: Awaited<ReturnType<ApiClient['exchangeRate']>>;
    try {
      data = await this.deps.api.exchangeRate(day);
    } catch (e) {
      const why = isApiError(e) ? e.message : 'no se pudo consultar';
      return this.view(`No se obtuvo el tipo de cambio de SUNAT (${sentence(why)}) Ingréselo a mano.`);
    }
    const sell = readExchangeRate(data.venta ?? '');
    if (!sell.ok) return this.view('La respuesta del proveedor no trae un tipo de cambio de venta válido. Ingréselo a mano.');
    const buy = data.compra === null ? null : readExchangeRate(data.compra);
    const stored = this.deps.repo.get(day);
    if (stored?.source === 'manual' && stored.sell !== sell.rate) {
      return this.view(`SUNAT publica ${sell.rate} para hoy; se mantiene el tipo de cambio ingresado a mano (${stored.sell}).`);
    }
    this.deps.repo.put({ day, sell: sell.rate, buy: buy?.ok ? buy.rate : null, source: 'provider', set_by: null });
    return this.view();
  }
}

function viewOf(day: string, row: ExchangeRateRow | undefined, note?: string): ExchangeRateView {
  return {
    day,
    rate: row?.sell ?? null,
    buy: row?.buy ?? null,
    source: row?.source ?? null,
    setBy: row?.set_by ?? null,
    updatedAt: row?.updated_at ?? null,
    ...(note ? { note } : {}),
  };
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
