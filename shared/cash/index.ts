export * from './amounts';
export * from './denominations';
export * from './report';
export * from './sales-summary';
export * from './settings';
export * from './sales-report';
export * from './report-taxes';
export * from './dollars';
