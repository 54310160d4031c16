export { AccountLedger } from './ledger';
export { AccountReads } from './reads';
export { AccountsService, NOTED_SQL, ON_ACCOUNT_DAYS, type AccountsDeps } from './service';
export { APPLIED_SQL, ENTRIES_SQL, OVERDUE_SQL, RANGE_COLLECTIONS_SQL, SESSION_COLLECTIONS_SQL } from './reads';
export { CHARGE_OF_SQL, DOCUMENT_DUES_SQL, OPEN_DUES_SQL } from './ledger';
