// The role each bridge method needs (roles in shared/users/roles.ts). 'public': allowed while the till is
// locked (sign-in, status). The core checks this on every call (electron/core/users/auth.ts); screens only use it
// to hide what would be refused anyway.
import type { Role } from '../users/roles';
import type { BridgeMethodName } from './methods';

export type Access = 'public' | Role;

export const METHOD_ACCESS: Record<BridgeMethodName, Access> = {
  // Locked, the bridge answers only what the sign-in screen and the shell around it need: the status (is
  // setup needed, demo or real), the session, the names to sign in as, and the sign-in itself. Never the settings:
  // they hold the token's last characters, the API addresses, the SOL user and the shop server's host and user.
  getStatus: 'public',
  getSettings: 'cajero',
  getSession: 'public',
  listCashiers: 'public',
  createFirstAdmin: 'public',
  login: 'public',
  lock: 'public',
  // The owner's recovery code stands in for an administrator who cannot sign in: it is its own proof.
  recoverAdmin: 'public',
  // The counter and the back office's reading and reprinting.
  issueSale: 'cajero',
  listDocuments: 'cajero',
  getDocument: 'cajero',
  retryDocument: 'cajero',
  // "Corregir y reenviar": like a retry, with the customer data the cashier would have typed at the sale.
  correctDocument: 'cajero',
  retryAll: 'cajero',
  registerReprint: 'cajero',
  getCdrZip: 'cajero',
  lookupCustomer: 'cajero',
  // The day's exchange rate: the cashier who makes a dollar sale may type it or ask SUNAT's.
  getExchangeRate: 'cajero',
  setExchangeRate: 'cajero',
  fetchExchangeRate: 'cajero',
  searchCustomers: 'cajero',
  lookupReceipt: 'cajero',
  lookupGuide: 'cajero',
  downloadGuideXml: 'cajero',
  queryCdr: 'cajero',
  printDocument: 'cajero',
  // The raw ticket printer (Ajustes → Impresora de tickets); its test prints a page (and may open the drawer).
  getTicketPrinter: 'cajero',
  saveTicketPrinter: 'administrador',
  testTicketPrinter: 'supervisor',
  listTicketPrinterTargets: 'administrador',
  // Reading and reprinting any till's documents from the shop server.
  searchShopDocuments: 'cajero',
  getShopDocument: 'cajero',
  // What the shop server did not apply of a till's edits: the office's to settle.
  listUnappliedChanges: 'administrador',
  getShopRefusals: 'cajero',
  registerAsNewTill: 'administrador',
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
  // The owner's view: sales of past days, as the sales report.
  getBusinessSummary: 'supervisor',
  // Stock: a purchase or a count is entered by anyone at the till or the office; a count's differences become
  // adjustments only with a supervisor.
  recordPurchase: 'cajero',
  getStock: 'cajero',
  setStockSettings: 'administrador',
  getKardex: 'cajero',
  getBelowZero: 'cajero',
  recordStockCount: 'cajero',
  approveStockCount: 'supervisor',
  recordStockLoss: 'supervisor',
  exportStockCsv: 'supervisor',
  // Customer accounts: a supervisor sets how much credit a customer may carry; any cashier collects.
  setCreditLimit: 'supervisor',
  getCustomerAccount: 'cajero',
  recordCollection: 'cajero',
  getCollection: 'cajero',
  listOverdueAccounts: 'cajero',
  // A document re-issued under a new number is a supervisor's decision.
  reissueDocument: 'supervisor',
  // A credit or debit note gives money back or changes a declared sale: a supervisor's, like a re-issue. A
  // cashier may ask for it with a supervisor's PIN (a return at the till, F7): the core checks the approval.
  issueNote: 'cajero',
  // A return of a sale of another till: finding it is a cashier's look-up; the note, as any note, a supervisor's (or
  // a cashier's with a supervisor's PIN, checked by the core).
  findShopSale: 'cajero',
  issueShopNote: 'cajero',
  // Voiding a declared document: a supervisor's, like a note; its deadline is Ajustes'.
  voidDocument: 'supervisor',
  retryVoid: 'supervisor',
  getVoid: 'cajero',
  getVoidStates: 'cajero',
  getVoidSettings: 'cajero',
  saveVoidSettings: 'administrador',
  // Ajustes, the token, products, backups, exports and users.
  saveSettings: 'administrador',
  setToken: 'administrador',
  testConnection: 'administrador',
  completeSetup: 'administrador',
  previewGoLive: 'administrador',
  saveProduct: 'administrador',
  setProductActive: 'administrador',
  importProducts: 'administrador',
  exportProducts: 'administrador',
  listProductCategories: 'cajero',
  listBackups: 'administrador',
  backupNow: 'administrador',
  chooseBackupFolder: 'administrador',
  exportDocuments: 'administrador',
  exportSalesRegister: 'administrador',
  exportKardexBook: 'administrador',
  compareSalesRegister: 'administrador',
  chooseRestoreFile: 'administrador',
  restoreBackup: 'administrador',
  setShopServerPassword: 'administrador',
  testShopServer: 'administrador',
  // Hosting the shop server, its copies and codes, and joining one, are the administrator's.
  getServerHost: 'administrador',
  enableServerHost: 'administrador',
  startServerHost: 'administrador',
  stopServerHost: 'administrador',
  newRegistrationCode: 'administrador',
  dumpServerHostNow: 'administrador',
  restoreServerHostDump: 'administrador',
  adoptServerHostMajor: 'administrador',
  discoverShopServers: 'administrador',
  joinShopServer: 'administrador',
  listUsers: 'administrador',
  saveUser: 'administrador',
  unlockUser: 'administrador',
  newRecoveryCode: 'administrador',
  // Checking a supervisor's PIN before a cashier's return: the cashier asks, the PIN decides.
  checkApproval: 'cajero',
  // Email: the account (its password included) is Ajustes'; sending a document to a customer is the counter's.
  getMailSettings: 'administrador',
  saveMailSettings: 'administrador',
  sendTestEmail: 'administrador',
  sendDocumentEmail: 'cajero',
  saveDocumentPdf: 'cajero',
  getDocumentShareText: 'cajero',
};
