import type { AppStatus, BridgeEvent, SettingsUpdate } from '../../shared/bridge';
import { createApiClient, type FetchLike } from './api';
import { BackupScheduler, BackupService, createPreMigrationHook, RestoreFlow } from './backup';
import { CashService, openDrawer } from './cash';
import { ExchangeRatesRepository, ExchangeRatesService } from './exchange-rates';
import type { SalesReport, SalesReportInput } from '../../shared/cash';
import { ShopLink } from './server';
import { ServerHostService } from './server-host';
import { ShopReturns } from './server/shop-returns';
import { SaleHolds } from './server/sale-holds';
import {
  CashRepository,
  CustomersRepository,
  DiscountsRepository,
  DocumentsRepository,
  defaultMigrationsDir,
  NumberingRepository,
  NotesRepository,
  PaymentsRepository,
  LookupsRepository,
  ProductsRepository,
  SeriesRepository,
  SettingsRepository,
  UsersRepository,
  VoidsRepository,
} from './db';
import type { Core, CoreOptions } from './core-api';
import { copiesDataDirOf, openStore, type OpenedStore } from './open-store';
import { createDispatcher, silentLogger } from './dispatch';
import { CoreEvents } from './events';
import { ExportService } from './export';
import { SireService } from './export/sire';
import { KardexBookService } from './export/ple';
import { BusinessSummaryService } from './summary';
import { Outbox } from './outbox/worker';
import { ProductsService, seedDemoProducts } from './products';
import { CustomersService } from './services/customers';
import { DocumentsService } from './services/documents';
import { IssueService } from './services/issue-sale';
import { NoteService } from './services/issue-note';
import { VoidService } from './services/void-document';
import { VoidSender } from './services/void-sender';
import { LookupsService } from './services/lookups';
import { PrintingService } from './services/printing';
import { TicketPrinterStore } from './printing/ticket-printer-store';
import { SettingsService } from './services/settings';
import { ClockSkew } from './services/clock-skew';
import { ClockGuard } from './services/clock-guard';
import { NumberingService } from './services/numbering';
import { SetupService } from './mode/setup';
import { AuthService } from './users';
import { SignInRepository } from './db/repositories/sign-in';
import { checkpointSoon } from './db/checkpoint-soon';
import { BackgroundCheck } from './db/background-check';
import type { CoreContext } from './handlers/context';
import { backOfficeHandlers } from './handlers/back-office';
import { documentHandlers } from './handlers/documents';
import { settingsAndShopHandlers } from './handlers/settings-and-shop';
import { withIdempotency } from './handlers/idempotency';
import { stockHandlers } from './handlers/stock';
import { accountsHandlers } from './handlers/accounts';
import { AccountMerge, AccountsService } from './accounts';
import { StockLosses, StockMerge, StockService, stockCsv } from './stock';
import { EmailsRepository, MailSender, MailService } from './mail';
import { mailHandlers } from './mail/handlers';
import { documentFilesHandlers } from './pdf/handlers';

export type { Core, CoreOptions } from './core-api';

/** Taken at load: a test's fake timers must not hold what a handler leaves for after its answer. */
const realSetImmediate = setImmediate;

/**
 * The composition root of the main process: opens the store safely (open-store.ts: one core per folder, leftovers
 * cleared, the file checked, a damaged -wal salvaged) and wires services, outbox and dispatcher. When anything fails,
 * what was opened is closed and the folder freed.
 */
export function createCore(options: CoreOptions): Core {
  const store = openStore(options);
  try {
    return composeCore(options, store);
  } catch (error) {
    store.db.close();
    store.lock.release();
    throw error;
  }
}

function composeCore(options: CoreOptions, { db, lock, notices }: OpenedStore): Core {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? silentLogger;
  for (const notice of notices) log.warn('storage notice at start', { notice });
  const copiesDataDir = copiesDataDirOf(options);
  const documentsRepo = new DocumentsRepository(db, now, log);
  // Documents stored by an earlier run and not yet in the name index (0025), or carried in by a restore.
  documentsRepo.searchIndex.tryCatchUp('start');
  const paymentsRepo = new PaymentsRepository(db);
  const usersRepo = new UsersRepository(db, now);
  // Failed PINs kept in SQLite; Ajustes' 6-digit rule read when a PIN is set (settings is made just below).
  const signIn = new SignInRepository(db);
  const auth = new AuthService(usersRepo, now, { signIn, pinRule: () => settings.pinRule() });
  const seriesRepo = new SeriesRepository(db);
  const settingsRepo = new SettingsRepository(db);
  const settings = new SettingsService(settingsRepo, seriesRepo, options.secrets, options.demoEndpoint, options.mode);
  const setup = new SetupService({
    dataDir: options.dataDir,
    migrationsDir: options.migrationsDir,
    secrets: options.secrets,
    mode: options.mode ?? (settings.isDemo() ? 'demo' : 'real'),
    onBeforeMigrate: options.onBeforeMigrate ?? createPreMigrationHook({ dataDir: options.dataDir }),
    restart: options.restart,
  });
  // Every API answer's Date header tells whether this PC's clock (the source of fecha_Emision) is right.
  const clock = new ClockSkew(now);
  const fetchAndWatchClock: FetchLike = async (url, init) => {
    const res = await options.fetch(url, init);
    clock.observe(res.headers.get('date'));
    return res;
  };
  const api = createApiClient({ fetch: fetchAndWatchClock, config: () => settings.apiConfig(), ...options.api });

  // Status is derived (counts, connectivity); a burst of changes coalesces into one status event every 100 ms.
  const events = new CoreEvents(log, () => status());
  const emit = (event: BridgeEvent) => events.emit(event);
  const emitStatusSoon = () => events.statusSoon();

  // The shop link is built after the outbox; a status change wakes it through this.
  let wakeShop = () => {};
  const outbox = new Outbox({
    documents: documentsRepo,
    api,
    demo: () => settings.isDemo(),
    portalCredentials: () => settings.portalCredentials(),
    now,
    log,
    ...options.outbox,
    emit: (e) => {
      if (e.type === 'document') emit({ type: 'document', id: e.id, status: e.status });
      emitStatusSoon();
      wakeShop();
    },
  });

  const discountsRepo = new DiscountsRepository(db);
  const notesRepo = new NotesRepository(db);
  const voidsRepo = new VoidsRepository(db, now);
  // Stock: every sale, returning note and void moves the kardex in its own transaction; SUNAT's acceptance of a void
  // puts the sale's goods back.
  const stock = new StockService({ db, now, till: () => settings.terminalId(), who: () => auth.current()?.name ?? null });
  const stockLosses = new StockLosses({ db, now, till: () => settings.terminalId(), who: () => auth.current()?.name ?? null, ledger: stock.ledger });
  voidsRepo.onVoided = (documentId) => {
    stock.ledger.reverse(documentId);
    accounts.voided(documentId);
  };
  const documents = new DocumentsService(documentsRepo, now, paymentsRepo, discountsRepo, notesRepo, voidsRepo);
  const lookupsRepo = new LookupsRepository(db, now);
  const customers = new CustomersService(new CustomersRepository(db, now), api, lookupsRepo, now);
  const lookups = new LookupsService(api, lookupsRepo, documentsRepo, settings);
  // Dollar sales convert at the day's rate: typed at the till (offline) or fetched from the provider.
  const exchangeRates = new ExchangeRatesService({ repo: new ExchangeRatesRepository(db, now), api, now, who: () => auth.current()?.name ?? null });
  const productsRepo = new ProductsRepository(db, now);
  const products = new ProductsService(productsRepo, now);
  // A new demo till can sell at once: a small catalogue is seeded while demo mode is on and the catalogue is empty.
  if (settings.isDemo()) seedDemoProducts(productsRepo);
  const backups = new BackupService({ db, settings: settingsRepo, dataDir: copiesDataDir, migrationsDir: options.migrationsDir, now, log });
  const restoreFlow = new RestoreFlow(options.restorer, (file) => backups.planRestore(file));
  const exporter = new ExportService({ db, demo: () => settings.isDemo(), files: options.files });
  const sire = new SireService({ db, demo: () => settings.isDemo(), company: () => settings.company() });
  const kardexBooks = new KardexBookService({ db, ruc: () => settings.company().ruc });
  const scheduler = new BackupScheduler({
    target: backups,
    now,
    onResult: (r) =>
      r.error
        ? log.warn('daily backup failed', { error: r.error instanceof Error ? r.error.message : String(r.error) })
        : log.info('daily backup done', { file: r.backup?.fileName, deleted: r.deleted.length }),
  });
  const cash: CashService = new CashService({
    db, cash: new CashRepository(db, now), auth, settings, now,
    collections: { ofSession: (id) => accounts.reads.ofSession(id), between: (from, to) => accounts.reads.between(from, to) },
  });
  // Customer accounts: sales on credit charged, collections taken in the open cash session (electron/core/accounts).
  const accounts: AccountsService = new AccountsService({
    db, now, till: () => settings.terminalId(), who: () => auth.current()?.name ?? null,
    cashSession: () => cash.state().session?.id ?? null,
    paymentMethods: () => settings.paymentMethods(),
    approve: (what, approval) => auth.approve('supervisor', what, approval),
  });
  // Tickets, reprints, the X and the Z in raw ESC/POS when a ticket printer is set; A4 through the driver.
  const printing = new PrintingService(options.printer, settings, documents, (id) => cash.report(id), {
    store: new TicketPrinterStore(settingsRepo),
    sources: {
      cashReport: (id) => cash.report(id),
      salesReport: (input) => salesReport(input),
      record: (lookup) => lookups.receipt(lookup),
      shopDocument: (id) => shop.detail(id),
      collection: (id) => accounts.collection(id),
      account: (customer) => accounts.account(customer),
    },
    now,
    log,
  });
  const issue = new IssueService({
    db,
    documents: documentsRepo,
    payments: paymentsRepo,
    discounts: discountsRepo,
    series: seriesRepo,
    settings,
    customers,
    now,
    log,
    stock: stock.ledger,
    cashier: () => auth.current(),
    cashSession: () => cash.sessionForSale(),
    seriesGuard: () => shop.guardSeries(),
    approveDiscount: (what, approval) => auth.approve('supervisor', what, approval),
    accounts,
    exchangeRate: () => exchangeRates.rateForSale(),
    catalogPrice: (code) => {
      const row = productsRepo.getByCode(code);
      return row ? { price: row.price, freePrice: row.free_price === 1 } : undefined;
    },
  });
  // Credit and debit notes: documents of the same outbox, limits checked before a number is spent.
  const notes = new NoteService({
    db,
    documents: documentsRepo,
    notes: notesRepo,
    payments: paymentsRepo,
    series: seriesRepo,
    settings,
    now,
    cashier: () => auth.current(),
    cashSession: () => cash.sessionForSale(),
    drawerCash: () => cash.drawerCash(),
    seriesGuard: () => shop.guardNoteSeries(),
    stock: stock.ledger,
    accounts,
  });
  // Voiding: a durable request per document, sent by its own small outbox (void-sender.ts).
  const voids = new VoidService({
    documents: documentsRepo,
    notes: notesRepo,
    voids: voidsRepo,
    settingsRepo,
    noteSeries: () => settings.noteSeriesNames(),
    isDemo: () => settings.isDemo(),
    now,
    requester: () => auth.current()?.name ?? null,
  });
  const voidSender = new VoidSender({
    voids: voidsRepo,
    api,
    demo: () => settings.isDemo(),
    now,
    log,
    paused: () => outbox.isAuthBlocked,
    lateToSend: (documentId) => voids.lateToSend(documentId),
    beforeSend: (documentId) => shopReturns.whyNotVoid(documentId),
    ...(options.outbox?.retry ? { retry: options.outbox.retry } : {}),
    emit: (id) => {
      emit({ type: 'document', id, status: documentsRepo.getById(id)?.status ?? 'accepted' });
      emitStatusSoon();
    },
  });
  // The shop server: documents up, catalogue and shop-wide settings both ways, "Todas las cajas".
  const shop = new ShopLink({
    db,
    documents: documentsRepo,
    payments: paymentsRepo,
    discounts: discountsRepo,
    settings,
    settingsRepo,
    users: usersRepo,
    signIn,
    migrationsDir: options.migrationsDir ?? defaultMigrationsDir(),
    log,
    now,
    onChange: () => emitStatusSoon(),
    stock: new StockMerge({ db, settings: settingsRepo, terminalId: () => settings.terminalId() }),
    accounts: new AccountMerge({ db, settings: settingsRepo, terminalId: () => settings.terminalId(), now }),
    ...(options.shopServer ? { timing: options.shopServer } : {}),
  });
  wakeShop = () => shop.wake();
  // This PC may host the shop server itself (the PostgreSQL Caja ships); started with the core.
  const serverHost = new ServerHostService({
    dataDir: copiesDataDir,
    secrets: options.secrets,
    migrationsDir: options.migrationsDir ?? defaultMigrationsDir(),
    shopName: () => settings.company().tradeName || settings.company().name || 'Tienda',
    backupsFolder: () => backups.folder(),
    log,
  });
  // Several tills: a return of a sale made at another till, found through the shop server.
  // What is left of a sale, decided by the shop server before a note number or a void is spent.
  const saleHolds = new SaleHolds({
    call: (fn) => shop.readServer(fn), online: () => shop.status()?.state === 'online', terminalId: () => settings.terminalId(), now, log,
    hasNote: (idBaseDato) => documentsRepo.getByIdBaseDato(idBaseDato) !== undefined,
    voidStands: (sale) => {
      const row = documentsRepo.getBySeriesNumber(sale.docType, sale.series, sale.number);
      return row !== undefined && voids.standing(row.id);
    },
  });
  const shopReturns = new ShopReturns({
    db, documents: documentsRepo, notes, read: (fn) => shop.readServer(fn), ruc: () => settings.company().ruc, online: () => shop.status()?.state === 'online',
    guardNote: (documentId) => voids.guardNote(documentId), api, apiReachable: () => outbox.status.online !== false, holds: saleHolds,
  });
  // Numbers confirmed before reuse after a restore or a damaged -wal; a doubtful clock asked about.
  const numberingRepo = new NumberingRepository(db, now);
  const numbering = new NumberingService({
    db,
    repo: numberingRepo,
    api,
    ruc: () => settings.company().ruc,
    shopHighest: (docType, series) => shop.highestNumber(docType, series),
    log,
    onChange: () => emitStatusSoon(),
  });
  const clockGuard = new ClockGuard(db);
  // The whole file is read once after start, off the till's path; a damage found is said in the status bar.
  const storageCheck = new BackgroundCheck({
    dbPath: db.path, log, now, onChange: () => emitStatusSoon(),
    ...(options.backgroundCheck ? { delayMs: options.backgroundCheck.delayMs } : {}),
  });
  // Documents sent to the customer by email: a durable queue of its own, sent at most once (mail/sender.ts).
  const emailsRepo = new EmailsRepository(db);
  const mail = new MailService({
    settingsRepo, secrets: options.secrets, repo: emailsRepo, documents: documentsRepo, detail: (id) => documents.detail(id),
    company: () => settings.company(), now, ...(options.mail?.timeouts ? { timeouts: options.mail.timeouts } : {}),
  });
  const mailSender = new MailSender({
    repo: emailsRepo,
    account: () => mail.account(),
    compose: (row) => mail.compose(row),
    now,
    log,
    ...(options.mail?.retry ? { retry: options.mail.retry } : {}),
    ...(options.mail?.pollMs ? { pollMs: options.mail.pollMs } : {}),
    ...(options.mail?.timeouts ? { timeouts: options.mail.timeouts } : {}),
    emit: (id) => emit({ type: 'document', id, status: documentsRepo.getById(id)?.status ?? 'accepted' }),
  });
  /** The drawer opens after the commit, on its own: a drawer that fails to open never undoes a sale. */
  const kickDrawer = (why: string) => {
    // A raw ticket printer with the pulse on opens the drawer in the sale's own ticket job.
    if (why === 'cash sale' && printing.opensDrawerWithTicket()) return;
    void openDrawer(settings.shift().drawer).then((r) => {
      if (!r.opened && settings.shift().drawer.mode === 'network') log.warn('the cash drawer did not open', { why, message: r.message });
    });
  };

  /** Usually none: the count comes first, the secret store is read only when some note waits. */
  function notesAwaitingSol(): number {
    const waiting = documentsRepo.queue.countNotesAwaitingCdr();
    return waiting > 0 && settings.portalCredentials() === undefined ? waiting : 0;
  }

  function status(): AppStatus {
    const o = outbox.status;
    return {
      demo: settings.isDemo(),
      online: o.online ?? null,
      pending: documentsRepo.countOpen(),
      lastSuccessAt: o.lastSuccessAt ?? null,
      authBlocked: outbox.isAuthBlocked,
      companyConfigured: !settings.isDemo() && settings.company().ruc !== '',
      connection: o.connection ?? null,
      authRetryAt: o.authRetryAt ?? null,
      clockOffMinutes: clock.offMinutes,
      // Attention, conflict, rejected and invalid, until re-issued (an index read, never the table).
      needsAttention: documentsRepo.countNeedsAttention(),
      invalid: documentsRepo.countInvalidOpen(),
      voidsWaiting: voidsRepo.countWaiting(),
      notesAwaitingSol: notesAwaitingSol(),
      setupRequired: options.mode === 'setup',
      shopServer: shop.status(),
      storageDamage: storageCheck.damageMessage(),
    };
  }

  // The -wal's checkpoint runs after a sale has answered, not inside its COMMIT (db/checkpoint-soon.ts).
  const checkpoint = checkpointSoon(db.sqlite, log);
  /** Side effects after a commit never fail the call that committed: they are logged. */
  const afterCommit = (what: string, effect: () => void) => {
    try {
      effect();
    } catch (e) {
      log.warn(`${what} failed after the commit`, { error: e instanceof Error ? e.message : String(e) });
    }
  };
  /** Work a handler's answer must not wait for: on the next turn of the event loop (the real one, never a test's fake). */
  const afterAnswer = (what: string, effect: () => void) => {
    realSetImmediate(() => afterCommit(what, effect));
  };

  /** Sales of a range: this till's (its own database), or the whole shop's (the shop server). */
  const salesReport = async (input: SalesReportInput): Promise<SalesReport> =>
    input.scope === 'shop'
      ? shop.salesReport(input)
      : cash.salesReport(input);

  /** Ajustes' save (the demo switch may change files and restart). */
  const saveSettings = (input: SettingsUpdate) => {
    // With the mode in modo.json, the demo switch changes files (and restarts); the rest is saved here.
    const { demo, ...rest } = input;
    if (options.mode && demo !== undefined && demo !== settings.isDemo()) {
      settings.update(rest);
      setup.switchTo(demo ? 'demo' : 'real');
      return settings.view();
    }
    const view = settings.update(input);
    if (view.demo) seedDemoProducts(productsRepo);
    outbox.wake();
    emit({ type: 'status', status: status() });
    return view;
  };

  const context: CoreContext = {
    options, now, settings, setup, auth, clock, clockGuard, numbering, numberingRepo, documentsRepo, paymentsRepo, documents, issue,
    notes, voids, voidSender, outbox, shop, shopReturns, serverHost, customers, lookups, printing, products, backups, restoreFlow,
    exchangeRates, exporter, sire, cash, checkpoint,
    summary: new BusinessSummaryService({ db, settings, shop, now }), emit, emitStatusSoon, status, kickDrawer, afterCommit, afterAnswer, salesReport, saveSettings,
    mailOnIssue: (id, typed) => {
      if (mail.queueOnIssue(id, typed)) afterAnswer('mail outbox wake', () => mailSender.wake());
    },
  };
  const dispatch = createDispatcher(
    // Every keyed write answers a repeated key with its first result (handlers/idempotency.ts, shared/bridge/writes.ts).
    withIdempotency(
      { ...settingsAndShopHandlers(context), ...documentHandlers(context), ...backOfficeHandlers(context), ...stockHandlers(stock), ...accountsHandlers(accounts), ...mailHandlers(mail, mailSender, documents, afterAnswer),
        exportKardexBook: (input) => kardexBooks.export(input),
        recordStockLoss: (input) => stockLosses.record(input),
        exportStockCsv: (input) => stockCsv(stock, input, now()),
        ...documentFilesHandlers({ detail: (id) => documents.detail(id), company: () => settings.company(), files: options.files }) },
      {
        sqlite: db.sqlite,
        now,
        documentKindOf: (key) => {
          const row = documentsRepo.getByClientKey(key);
          return row ? (row.doc_type === '07' || row.doc_type === '08' ? 'note' : 'sale') : null;
        },
      },
    ),
    log,
    (method) => auth.authorize(method),
  );

  return {
    dispatch,
    onEvent: (listener) => events.listen(listener),
    notices,
    start: () => {
      outbox.start();
      voidSender.start();
      mailSender.start();
      shop.start();
      saleHolds.start();
      void serverHost.startWithCaja();
      if (numbering.holds().length > 0) void numbering.confirm();
      if (options.backgroundCheck !== false && db.path !== ':memory:') storageCheck.start();
      // Demo documents never reach the backups: a demo (or not yet set up) start takes no daily copies.
      if (options.dailyBackups !== false && !(options.mode && options.mode !== 'real')) void scheduler.start();
    },
    async stop() {
      saleHolds.stop();
      await storageCheck.stop();
      await scheduler.stop();
      await backups.idle();
      events.stop();
      await outbox.stop();
      await voidSender.stop();
      await mailSender.stop();
      await shop.stop();
      await serverHost.shutdown();
      return { pending: status().pending };
    },
    close: () => {
      shop.halt();
      void storageCheck.stop();
      checkpoint.cancel();
      documentsRepo.searchIndex.cancel();
      db.close();
      lock.release();
    },
    outbox,
    voids: voidSender,
    sweepHolds: () => saleHolds.sweep(),
    db,
    storageCheck,
    backups,
  };
}
