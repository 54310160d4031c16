export * from './contract';
export * from './documents';
export * from './lookups';
export * from './methods';
export * from './print';
export * from './sale';
export * from './settings';
export * from './status';
