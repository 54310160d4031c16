export * from './methods';
export * from './tenders';
export * from './operation-number';
