// What each bridge method does to stored data, so no write can be added without deciding how a retry of it behaves.
// 'read': writes nothing a retry could repeat. 'keyed': a write a retry would repeat (a document, a movement of cash,
// a session opened or closed, a reprint counted); its input schema requires `clientKey` (shared/bridge/client-key.ts)
// and the core answers a repeated key with the first call's result (electron/core/handlers/idempotency.ts).
// { nature }: a write whose repetition changes nothing more (it sets a value, or is refused the second time), with
// the reason. tests/unit/shared/bridge-writes.test.ts walks this list against the contract's schemas.
// Free of zod, like methods.ts.
import type { BridgeMethodName } from './methods';

export type WriteKind = 'read' | 'keyed' | { nature: string };

const SETS = 'guarda un valor: repetirlo deja el mismo valor';

export const BRIDGE_WRITES = {
  getStatus: 'read',
  getSettings: 'read',
  saveSettings: { nature: SETS },
  setToken: { nature: SETS },
  issueSale: 'keyed',
  listDocuments: 'read',
  getDocument: 'read',
  retryDocument: { nature: 'vuelve a poner el documento en la cola; ya puesto, no cambia nada' },
  registerReprint: 'keyed',
  getCdrZip: 'read',
  lookupCustomer: { nature: 'guarda en caché la respuesta del padrón: repetirla guarda lo mismo' },
  searchCustomers: 'read',
  lookupReceipt: 'read',
  lookupGuide: 'read',
  downloadGuideXml: 'read',
  queryCdr: { nature: 'guarda el CDR que SUNAT devuelve: repetirla guarda el mismo' },
  printDocument: { nature: 'cada llamada imprime de nuevo: una copia impresa dos veces se cuenta dos veces, como el papel entregado' },
  getTicketPrinter: 'read',
  saveTicketPrinter: { nature: SETS },
  testTicketPrinter: { nature: 'imprime una página de prueba y no guarda nada' },
  listTicketPrinterTargets: 'read',
  listProducts: 'read',
  getProductByCode: 'read',
  saveProduct: { nature: 'el código es único: repetir un alta se rechaza (código en uso), nunca crea otro producto; una edición guarda los mismos datos' },
  setProductActive: { nature: SETS },
  importProducts: { nature: 'cada fila se guarda por su código (único): repetirla deja los mismos productos' },
  exportProducts: 'read',
  listBackups: 'read',
  backupNow: { nature: 'una copia más de los mismos datos: no duplica ventas, notas ni movimientos' },
  chooseBackupFolder: { nature: SETS },
  exportDocuments: 'read',
  chooseRestoreFile: 'read',
  restoreBackup: { nature: 'restaura el mismo archivo: repetirlo deja los mismos datos' },
  reissueDocument: 'keyed',
  issueNote: 'keyed',
  findShopSale: 'read',
  issueShopNote: 'keyed',
  getVoid: 'read',
  getVoidStates: 'read',
  voidDocument: 'keyed',
  retryVoid: 'keyed',
  getVoidSettings: 'read',
  saveVoidSettings: { nature: SETS },
  retryAll: { nature: 'vuelve a poner en la cola lo pendiente; ya puesto, no cambia nada' },
  testConnection: 'read',
  completeSetup: { nature: 'guarda la configuración inicial y elige el modo: repetirla guarda lo mismo' },
  getSession: 'read',
  checkApproval: { nature: 'comprueba un PIN y no guarda nada más que un PIN errado, contado como en el ingreso' },
  listCashiers: 'read',
  createFirstAdmin: { nature: 'solo crea al primer administrador: con uno creado, se rechaza la segunda' },
  login: { nature: 'cada intento de PIN es una intención propia: los intentos fallidos se cuentan a propósito' },
  lock: { nature: 'bloquea la sesión: ya bloqueada, no cambia nada' },
  listUsers: 'read',
  saveUser: { nature: 'el nombre es único: repetir un alta se rechaza, nunca crea otra persona; una edición guarda los mismos datos' },
  unlockUser: { nature: 'desbloquea a la persona: ya desbloqueada, no cambia nada' },
  getCashState: 'read',
  openCashSession: 'keyed',
  addCashMovement: 'keyed',
  getCashReport: 'read',
  closeCashSession: 'keyed',
  listCashSessions: 'read',
  openCashDrawer: { nature: 'abre el cajón y no guarda nada' },
  getSalesReport: 'read',
  exportSalesReport: 'read',
  setShopServerPassword: { nature: SETS },
  testShopServer: 'read',
  searchShopDocuments: 'read',
  getShopDocument: 'read',
  listUnappliedChanges: 'read',
  getShopRefusals: 'read',
  registerAsNewTill: { nature: 'cambia la identidad de esta caja por una nueva; repetirlo la cambia otra vez, antes de que tenga documentos' },
  getServerHost: 'read',
  enableServerHost: { nature: 'crea el servidor una vez; ya creado, se rechaza o no cambia nada' },
  startServerHost: { nature: 'arranca el servidor; ya arrancado, no cambia nada' },
  stopServerHost: { nature: 'detiene el servidor; ya detenido, no cambia nada' },
  newRegistrationCode: { nature: 'un código de un solo uso que vence en 24 h; uno de más no registra ninguna caja' },
  dumpServerHostNow: { nature: 'una copia más de los mismos datos del servidor: no duplica nada de lo que guarda' },
  restoreServerHostDump: { nature: 'restaura el mismo archivo, guardando antes el actual: repetirlo deja los mismos datos' },
  adoptServerHostMajor: { nature: 'actualiza los datos una vez; ya actualizados, no cambia nada' },
  discoverShopServers: 'read',
  joinShopServer: { nature: 'el código es de un solo uso: repetirlo se rechaza y no registra otra caja' },
  correctDocument: 'keyed',
} as const satisfies Record<BridgeMethodName, WriteKind>;

export type KeyedMethod = { [M in BridgeMethodName]: (typeof BRIDGE_WRITES)[M] extends 'keyed' ? M : never }[BridgeMethodName];

export const KEYED_METHODS = (Object.keys(BRIDGE_WRITES) as BridgeMethodName[]).filter((m): m is KeyedMethod => BRIDGE_WRITES[m] === 'keyed');

export const isKeyed = (method: string): method is KeyedMethod => (KEYED_METHODS as readonly string[]).includes(method);
