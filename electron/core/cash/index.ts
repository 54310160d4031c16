export { CashService } from './cash-service';
export { DRAWER_PULSE, openDrawer, sendDrawerPulse } from './drawer';
export { salesReportCsv, salesReportFileName } from './sales-csv';
