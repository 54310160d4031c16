// The owner's view (Resumen): the figures of a range of Lima days and of the range of equal length just before it,
// from this till's summary tables, or from the shop server when every till is asked for and this till has one.
import type { BusinessSummary, BusinessSummaryInput } from '../../../shared/bridge/summary';
import type { Db } from '../db';
import type { ShopLink } from '../server';
import type { SettingsService } from '../services/settings';
import { ProductCategories } from './categories';
import { periodFigures, type PeriodSums } from './figures';
import { shopSums } from './shop-sums';
import { TillSums } from './till-sums';

export interface BusinessSummaryDeps {
  db: Db;
  settings: Pick<SettingsService, 'shopServer' | 'isDemo'>;
  shop: Pick<ShopLink, 'readServer'>;
  now: () => Date;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The same number of days, ending the day before `from`. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const days = (Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS + 1;
  return { from: dayOf(start - days * DAY_MS), to: dayOf(start - DAY_MS) };
}

export const NO_SHOP_SERVER = 'Esta caja no está unida a un servidor de la tienda: se muestran solo sus propias ventas.';

export class BusinessSummaryService {
  private readonly till: TillSums;
  private readonly categories: ProductCategories;

  constructor(private readonly deps: BusinessSummaryDeps) {
    this.till = new TillSums(deps.db);
    this.categories = new ProductCategories(deps.db);
  }

  async summary(input: BusinessSummaryInput): Promise<BusinessSummary> {
    const before = previousRange(input.from, input.to);
    // A demo till's sales are not the shop's (shop-link.ts says the same of its probe).
    const linked = this.deps.settings.shopServer().enabled && !this.deps.settings.isDemo();
    const source = input.scope === 'shop' && linked ? 'shop' : 'till';
    const read = (from: string, to: string): Promise<PeriodSums> =>
      source === 'shop' ? this.deps.shop.readServer((pool) => shopSums(pool, from, to)) : Promise.resolve(this.till.between(from, to));
    const [current, previous] = await Promise.all([read(input.from, input.to), read(before.from, before.to)]);
    // The catalogue is shared through the shop server: this till's copy names every till's products' categories.
    const categoryOf = (code: string) => this.categories.of(code);
    return {
      scope: input.scope,
      source,
      notice: input.scope === 'shop' && source === 'till' ? NO_SHOP_SERVER : null,
      current: periodFigures(input.from, input.to, current, categoryOf),
      previous: periodFigures(before.from, before.to, previous, categoryOf),
      generatedAt: this.deps.now().toISOString(),
    };
  }
}
