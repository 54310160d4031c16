export * from './amounts';
export * from './denominations';
export * from './report';
export * from './settings';
