/**
 * The names of the bridge methods, free of zod and schemas so the sandboxed preload can import them and stay tiny.
 * contract.ts gives each name its input and output schemas; a compile-time check keeps the two lists equal.
 */
export const BRIDGE_METHOD_NAMES = [
  'getStatus',
  'getSettings',
  'saveSettings',
  'setToken',
  'issueSale',
  'listDocuments',
  'getDocument',
  'retryDocument',
  'registerReprint',
  'getCdrZip',
  'lookupCustomer',
  'searchCustomers',
  'lookupReceipt',
  'lookupGuide',
  'downloadGuideXml',
  'queryCdr',
  'printDocument',
  'listProducts',
  'getProductByCode',
  'saveProduct',
  'setProductActive',
  'importProducts',
  'exportProducts',
  'listBackups',
  'backupNow',
  'chooseBackupFolder',
  'exportDocuments',
  'chooseRestoreFile',
  'restoreBackup',
  // outbox integrity (issue 12)
  'reissueDocument',
  // credit and debit notes (issue 24)
  'issueNote',
  'retryAll',
  // the real provider (issue 11)
  'testConnection',
  'completeSetup',
  // cashiers (issue 13)
  'getSession',
  'listCashiers',
  'createFirstAdmin',
  'login',
  'lock',
  'listUsers',
  'saveUser',
  // the cash session (issue 13)
  'getCashState',
  'openCashSession',
  'addCashMovement',
  'getCashReport',
  'closeCashSession',
  'listCashSessions',
  'openCashDrawer',
  'getSalesReport',
  'exportSalesReport',
  // the shop server (issue 15)
  'setShopServerPassword',
  'testShopServer',
  'searchShopDocuments',
  'getShopDocument',
  // rejected and invalid documents are no dead end (issue 23)
  'correctDocument',
] as const;

export type BridgeMethodName = (typeof BRIDGE_METHOD_NAMES)[number];
