// What the bridge's handlers work with: the services composeCore (app.ts) wires, and the few helpers every handler
// shares (events, what runs after a commit or after the answer). One object, so the handler tables can live apart.
import type { AppStatus, BridgeEvent, SettingsUpdate } from '../../../shared/bridge';
import type { SalesReport, SalesReportInput } from '../../../shared/cash';
import type { BackupService, RestoreFlow } from '../backup';
import type { CashService } from '../cash';
import type { CoreOptions } from '../core-api';
import type { DocumentsRepository, NumberingRepository, PaymentsRepository } from '../db';
import type { checkpointSoon } from '../db/checkpoint-soon';
import type { ExportService } from '../export';
import type { SireService } from '../export/sire';
import type { BusinessSummaryService } from '../summary';
import type { ExchangeRatesService } from '../exchange-rates';
import type { SetupService } from '../mode/setup';
import type { Outbox } from '../outbox/worker';
import type { ProductsService } from '../products';
import type { ShopLink } from '../server';
import type { ServerHostService } from '../server-host';
import type { ShopReturns } from '../server/shop-returns';
import type { ClockGuard } from '../services/clock-guard';
import type { ClockSkew } from '../services/clock-skew';
import type { CustomersService } from '../services/customers';
import type { DocumentsService } from '../services/documents';
import type { NoteService } from '../services/issue-note';
import type { IssueService } from '../services/issue-sale';
import type { LookupsService } from '../services/lookups';
import type { NumberingService } from '../services/numbering';
import type { PrintingService } from '../services/printing';
import type { SettingsService } from '../services/settings';
import type { VoidService } from '../services/void-document';
import type { VoidSender } from '../services/void-sender';
import type { AuthService } from '../users';

export interface CoreContext {
  options: CoreOptions;
  now: () => Date;
  settings: SettingsService;
  setup: SetupService;
  auth: AuthService;
  clock: ClockSkew;
  clockGuard: ClockGuard;
  numbering: NumberingService;
  numberingRepo: NumberingRepository;
  documentsRepo: DocumentsRepository;
  paymentsRepo: PaymentsRepository;
  documents: DocumentsService;
  issue: IssueService;
  notes: NoteService;
  voids: VoidService;
  voidSender: VoidSender;
  outbox: Outbox;
  shop: ShopLink;
  shopReturns: ShopReturns;
  serverHost: ServerHostService;
  customers: CustomersService;
  lookups: LookupsService;
  exchangeRates: ExchangeRatesService;
  printing: PrintingService;
  products: ProductsService;
  backups: BackupService;
  restoreFlow: RestoreFlow;
  exporter: ExportService;
  sire: SireService;
  summary: BusinessSummaryService;
  cash: CashService;
  checkpoint: ReturnType<typeof checkpointSoon>;
  /** A bridge event to every window. */
  emit(event: BridgeEvent): void;
  /** The status bar's event, coalesced (at most every 100 ms). */
  emitStatusSoon(): void;
  status(): AppStatus;
  /** Opens the cash drawer after the commit, on its own (a drawer that fails never undoes a sale). */
  kickDrawer(why: string): void;
  /** Side effects after a commit: logged when they fail, never failing the call. */
  afterCommit(what: string, effect: () => void): void;
  /** Work the answer must not wait for: on the next turn of the event loop. */
  afterAnswer(what: string, effect: () => void): void;
  salesReport(input: SalesReportInput): Promise<SalesReport>;
  /** A sale just issued goes by email when the cashier typed an address or "Enviar al emitir" is on. */
  mailOnIssue(documentId: number, typed: string | undefined): void;
  saveSettings(input: SettingsUpdate): ReturnType<SettingsService['view']>;
}
