export { Replicator, type ReplicatorOptions } from './replicator';
export { migrateServer, ServerSchemaError } from './migrate';
export { createShopPool, serverErrorText } from './pool';
export type { TerminalIdentity } from './register';
