// The back office: lookups, printing, products, backups and exports, people and sign-in, the cash session
// and the sales report.
import type { Handlers } from '../dispatch';
import type { CoreContext } from './context';
import { openDrawer, salesReportCsv, salesReportFileName } from '../cash';
import { discoverPrinters } from '../printing/transports/discover';
import { CoreError } from '../services/errors';
import { DEFAULT_TICKET_PRINTER } from '../../../shared/printing/settings';

export function backOfficeHandlers(c: CoreContext) {
  /** An administrator's PIN just checked or set here: at the office it becomes their credential on the shop server. */
  const adminPinKnown = (user: { id: number; name: string; role: string } | null, pin: string) => {
    const pinHash = user && user.role === 'administrador' ? c.auth.pinHashOf(user.id) : null;
    if (user && pinHash) c.shop.adminPinKnown(user.name, pin, pinHash);
  };
  const {
    settings, shop, auth, customers, lookups, exchangeRates, printing, products, backups, exporter, sire, restoreFlow, cash, options, emit,
    kickDrawer, afterCommit, salesReport, documentsRepo, outbox, emitStatusSoon,
  } = c;
  return {
    lookupCustomer: (input) => customers.lookup(input.docType, input.docNumber),
    searchCustomers: (input) => customers.search(input.text),
    getExchangeRate: () => exchangeRates.view(),
    setExchangeRate: (input) => exchangeRates.set(input.rate),
    fetchExchangeRate: () => exchangeRates.fetch(),
    lookupReceipt: (input) => lookups.receipt(input),
    lookupGuide: (input) => lookups.guide(input),
    downloadGuideXml: (input) => lookups.guideXml(input),
    queryCdr: async (input) => {
      const hadCredentials = settings.portalCredentials() !== undefined;
      const result = await lookups.cdr(input);
      // Notes that only a CDR can settle were waiting for SOL credentials: now kept, they are checked again at once.
      if (!hadCredentials && settings.portalCredentials() !== undefined) {
        afterCommit('requeue notes awaiting their CDR', () => {
          if (documentsRepo.queue.requeueNotesAwaitingCdr() > 0) outbox.retryNow();
          emitStatusSoon();
        });
      }
      return result;
    },
    printDocument: (input) => printing.print(input),
    getTicketPrinter: () => printing.ticketPrinter() ?? DEFAULT_TICKET_PRINTER,
    saveTicketPrinter: (input) => printing.saveTicketPrinter(input),
    testTicketPrinter: (input) => printing.testTicketPrinter(input.printer),
    listTicketPrinterTargets: () => discoverPrinters(),
    listProducts: (input) => products.listProducts(input),
    getProductByCode: (input) => products.getProductByCode(input),
    saveProduct: (input) => products.saveProduct(input),
    setProductActive: (input) => products.setProductActive(input),
    importProducts: (input) => products.importProducts(input, (progress) => emit({ type: 'import_progress', ...progress })),
    exportProducts: () => products.exportProducts(),
    listProductCategories: () => products.listProductCategories(),
    listBackups: () => backups.listBackups(),
    backupNow: () => backups.backupNow('manual'),
    chooseBackupFolder: async () => {
      if (!options.files) throw new CoreError('folder_unavailable', 'Elegir carpeta no está disponible en este entorno.');
      const folder = await options.files.chooseFolder({ title: 'Carpeta para las copias de Caja', defaultPath: backups.folder() });
      return { list: folder ? backups.setBackupFolder(folder) : null };
    },
    exportDocuments: (input) => exporter.exportDocuments(input),
    exportSalesRegister: (input) => sire.exportSalesRegister(input),
    getBusinessSummary: (input) => c.summary.summary(input),
    compareSalesRegister: (input) => sire.compareSalesRegister(input),
    chooseRestoreFile: () => restoreFlow.choose(),
    restoreBackup: (input) => restoreFlow.restore(input.file),
    getSession: () => auth.session(),
    // Asked before a cashier's return starts (F7): the notes need a supervisor. No users yet: nobody to ask.
    checkApproval: (input) => auth.approve('supervisor', 'Una devolución', input.approval) ?? { id: 0, name: '' },
    listCashiers: () => auth.cashiers(),
    createFirstAdmin: async (input) => {
      const session = await auth.createFirstAdmin(input.name, input.pin);
      shop.usersChanged();
      adminPinKnown(session.user, input.pin);
      return session;
    },
    login: async (input) => {
      const session = await auth.login(input.userId, input.pin, input.newPin, { preselected: input.preselected === true });
      // A PIN changed at the sign-in (a supervisor's shorter PIN) goes to the shop server as any PIN change.
      if (input.newPin !== undefined) shop.usersChanged();
      adminPinKnown(session.user, input.newPin ?? input.pin);
      return session;
    },
    recoverAdmin: async (input) => {
      const session = await auth.recover(input.userId, input.code, input.newPin);
      // The new PIN goes to the shop server as any PIN change.
      shop.usersChanged();
      adminPinKnown(session.user, input.newPin);
      return session;
    },
    newRecoveryCode: async () => ({ code: await auth.newRecoveryCode() }),
    lock: () => auth.lock(),
    listUsers: () => auth.list(),
    unlockUser: (input) => auth.unlock(input.userId),
    saveUser: async (input) => {
      const admin = auth.current();
      const user = await auth.save(input);
      // With the administrator's PIN the server verifies the change and applies it for every till; sent before the
      // ordinary push, which would only list it for the office.
      const verified = input.adminPin !== undefined && admin
        ? await shop.verifiedStaffChange({ adminName: admin.name, adminPin: input.adminPin, name: user.name, newPin: input.pin ?? null })
        : null;
      shop.usersChanged();
      // Only a PIN this till set or checked becomes a credential (adminPin was checked by the server, not here).
      if (input.pin !== undefined) adminPinKnown(user, input.pin);
      return verified === null ? user : {
        ...user,
        server: verified.applied ? { applied: true, message: 'El servidor de la tienda verificó su PIN y aplicó el cambio en todas las cajas.' } : { applied: false, message: verified.message },
      };
    },
    getCashState: () => cash.state(),
    openCashSession: (input) => cash.open(input.openingFloat),
    addCashMovement: (input) => {
      const movement = cash.movement(input);
      afterCommit('addCashMovement: open the drawer', () => kickDrawer(`cash ${movement.kind}`));
      return movement;
    },
    getCashReport: (input) => cash.report(input.sessionId),
    closeCashSession: (input) => cash.close(input),
    listCashSessions: () => cash.list(),
    openCashDrawer: () => openDrawer(settings.shift().drawer),
    getSalesReport: (input) => salesReport(input),
    exportSalesReport: async (input) => {
      const report = await salesReport(input);
      return { fileName: salesReportFileName(report), base64: Buffer.from(salesReportCsv(report), 'utf8').toString('base64') };
    },
  } satisfies Partial<Handlers>;
}
