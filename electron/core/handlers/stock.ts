// Stock: purchases, the stock of each product, its kardex, and physical counts (electron/core/stock).
import type { Handlers } from '../dispatch';
import type { StockService } from '../stock';

export function stockHandlers(stock: StockService) {
  return {
    recordPurchase: (input) => stock.recordPurchase(input),
    getStock: (input) => stock.stock(input.codes, input.low),
    setStockSettings: (input) => stock.setSettings(input),
    getKardex: (input) => stock.kardex(input),
    getBelowZero: (input) => stock.belowZero(input),
    recordStockCount: (input) => stock.recordCount(input.lines),
    approveStockCount: (input) => stock.approveCount(input.id, input.reason),
  } satisfies Partial<Handlers>;
}
