export { Replicator, ServerUnavailable, type ReplicatorOptions } from './replicator';
export { searchShopDocuments, shopDocumentDetail, shopSalesBetween } from './shop-documents';
export type { TillRecords } from './sync/exchange';
export { migrateServer, ServerSchemaError } from './migrate';
export { createShopPool, serverErrorText } from './pool';
export type { TerminalIdentity } from './register';
export { ShopLink, type ShopLinkDeps } from './shop-link';
