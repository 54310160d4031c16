export * from './methods';
export * from './tenders';
