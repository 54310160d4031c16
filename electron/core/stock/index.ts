// Stock: the kardex (ledger.ts), its bridge methods (service.ts) and its merge with other tills (merge.ts).
export { StockLedger, step, replayMovementsAfter, type MovementInput, type MovementRow, type BalanceRow, type StockProduct, type LedgerDeps } from './ledger';
export { StockService, DEFAULT_KARDEX_LIMIT, KARDEX_SQL, KARDEX_LATEST_SQL, BELOW_ZERO_SQL, BALANCE_AT_SQL, STOCK_ALL_SQL, STOCK_ONE_SQL } from './service';
export { StockLosses } from './losses';
export { stockCsv } from './reports';
export { StockMerge, UNPUSHED_SQL, type StockMergeDeps } from './merge';
