// The role each bridge method needs (issue 13; roles in shared/users/roles.ts). 'public': allowed while the till is
// locked (sign-in, status). The core checks this on every call (electron/core/users/auth.ts); screens only use it
// to hide what would be refused anyway.
import type { Role } from '../users/roles';
import type { BridgeMethodName } from './methods';

export type Access = 'public' | Role;

export const METHOD_ACCESS: Record<BridgeMethodName, Access> = {
  // Locked, the bridge answers only what the sign-in screen and the shell around it need (issue 28): the status (is
  // setup needed, demo or real), the session, the names to sign in as, and the sign-in itself. Never the settings:
  // they hold the token's last characters, the API addresses, the SOL user and the shop server's host and user.
  getStatus: 'public',
  getSettings: 'cajero',
  getSession: 'public',
  listCashiers: 'public',
  createFirstAdmin: 'public',
  login: 'public',
  lock: 'public',
  // The counter and the back office's reading and reprinting.
  issueSale: 'cajero',
  listDocuments: 'cajero',
  getDocument: 'cajero',
  retryDocument: 'cajero',
  // "Corregir y reenviar" (issue 23): like a retry, with the customer data the cashier would have typed at the sale.
  correctDocument: 'cajero',
  retryAll: 'cajero',
  registerReprint: 'cajero',
  getCdrZip: 'cajero',
  lookupCustomer: 'cajero',
  searchCustomers: 'cajero',
  lookupReceipt: 'cajero',
  lookupGuide: 'cajero',
  downloadGuideXml: 'cajero',
  queryCdr: 'cajero',
  printDocument: 'cajero',
  // Reading and reprinting any till's documents from the shop server (issue 15).
  searchShopDocuments: 'cajero',
  getShopDocument: 'cajero',
  listProducts: 'cajero',
  getProductByCode: 'cajero',
  // The cash session: a cash out by a cashier, or closing another's session, also needs a supervisor's PIN (the core
  // checks the approval in electron/core/cash).
  getCashState: 'cajero',
  openCashSession: 'cajero',
  addCashMovement: 'cajero',
  getCashReport: 'cajero',
  closeCashSession: 'cajero',
  listCashSessions: 'cajero',
  openCashDrawer: 'supervisor',
  // Sales of past days, beyond the cashier's own shift.
  getSalesReport: 'supervisor',
  exportSalesReport: 'supervisor',
  // A document re-issued under a new number is a supervisor's decision.
  reissueDocument: 'supervisor',
  // A credit or debit note (issue 24) gives money back or changes a declared sale: a supervisor's, like a re-issue.
  issueNote: 'supervisor',
  // Ajustes, the token, products, backups, exports and users.
  saveSettings: 'administrador',
  setToken: 'administrador',
  testConnection: 'administrador',
  completeSetup: 'administrador',
  saveProduct: 'administrador',
  setProductActive: 'administrador',
  importProducts: 'administrador',
  exportProducts: 'administrador',
  listBackups: 'administrador',
  backupNow: 'administrador',
  chooseBackupFolder: 'administrador',
  exportDocuments: 'administrador',
  chooseRestoreFile: 'administrador',
  restoreBackup: 'administrador',
  setShopServerPassword: 'administrador',
  testShopServer: 'administrador',
  listUsers: 'administrador',
  saveUser: 'administrador',
};
