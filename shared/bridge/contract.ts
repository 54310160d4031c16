import { z } from 'zod';
import { GuideSchema, ReceiptRecordSchema } from '../api';
import {
  CorrectDocumentInputSchema,
  DocumentDetailSchema,
  DocumentFilterSchema,
  DocumentIdSchema,
  DocumentListSchema,
  DocumentSummarySchema,
  FileSchema,
  KeyedDocumentIdSchema,
} from './documents';
import {
  AppStatusSchema,
  CdrQueryInputSchema,
  CdrQueryResultSchema,
  CustomerLookupInputSchema,
  CustomerLookupResultSchema,
  CustomerSchema,
  CustomerSearchInputSchema,
  GuideLookupInputSchema,
  GuideXmlSchema,
  ReceiptLookupInputSchema,
} from './lookups';
import { backupContract } from './backup';
import { sireContract } from './sire';
import { pleContract } from './ple';
import { stockLossContract } from './stock-losses';
import { stockReportsContract } from './stock-reports';
import { summaryContract } from './summary';
import { PrintRequestSchema, PrintResultSchema } from './print';
import { ticketPrinterContract } from '../printing/settings';
import { ImportProgressSchema, productsContract } from './products';
import { setupContract } from './setup';
import { usersContract } from './users';
import { ShopDocumentIdSchema, ShopDocumentRowSchema, ShopSearchInputSchema } from '../server/documents';
import { UnappliedChangeSchema } from '../server/unapplied';
import { ShopRefusalsSchema } from '../server/refusals';
import { cashContract } from './cash';
import { exchangeRateContract } from './exchange-rate';
import { mailContract } from './mail';
import { documentFilesContract } from './document-files';
import { NoteInputSchema, ShopNoteInputSchema, ShopSaleRefSchema, ShopSaleSchema } from './notes';
import { VoidDeadlinesSchema, VoidInputSchema, VoidOfSchema, VoidRetryInputSchema, VoidSettingsViewSchema, VoidStateRowSchema, VoidStatesInputSchema, VoidViewSchema } from './voids';
import { SaleInputSchema } from './sale';
import { stockContract } from './stock';
import { accountsContract } from './accounts';
import { ConnectionTestSchema, SettingsUpdateSchema, SettingsViewSchema, ShopServerPasswordInputSchema, TokenInputSchema, TokenStatusSchema } from './settings';
import { serverHostContract } from './server-host';
import { BRIDGE_METHOD_NAMES, type BridgeMethodName } from './methods';
import { DOC_STATUSES } from './status';

const NoInput = z.strictObject({});

/**
 * Every method the renderer may call through `window.pos`, with its input and output schemas.
 * Nothing else crosses the bridge. The main process validates inputs; the core validates outputs.
 */
export const bridgeContract = {
  getStatus: { input: NoInput, output: AppStatusSchema },
  getSettings: { input: NoInput, output: SettingsViewSchema },
  saveSettings: { input: SettingsUpdateSchema, output: SettingsViewSchema },
  setToken: { input: TokenInputSchema, output: TokenStatusSchema },
  issueSale: { input: SaleInputSchema, output: DocumentSummarySchema },
  listDocuments: { input: DocumentFilterSchema, output: DocumentListSchema },
  getDocument: { input: DocumentIdSchema, output: DocumentDetailSchema },
  retryDocument: { input: DocumentIdSchema, output: DocumentSummarySchema },
  reissueDocument: { input: KeyedDocumentIdSchema, output: DocumentSummarySchema },
  /** A credit (07) or debit (08) note on a document of this till: answers like issueSale. */
  issueNote: { input: NoteInputSchema, output: DocumentSummarySchema },
  /** A return of a sale made at another till: found through the shop server, and a note issued on it. */
  findShopSale: { input: ShopSaleRefSchema, output: ShopSaleSchema },
  issueShopNote: { input: ShopNoteInputSchema, output: DocumentSummarySchema },
  /** Voiding: whether "Anular" is offered for a document, and its request's state. */
  getVoid: { input: VoidOfSchema, output: VoidViewSchema },
  /** The void states of the listed documents that have a request. */
  getVoidStates: { input: VoidStatesInputSchema, output: z.array(VoidStateRowSchema) },
  /** Records the void (once per document) for the void outbox; answers its state. */
  voidDocument: { input: VoidInputSchema, output: VoidViewSchema },
  /** Sends again a void the API refused (the same stored request). */
  retryVoid: { input: VoidRetryInputSchema, output: VoidViewSchema },
  getVoidSettings: { input: NoInput, output: VoidSettingsViewSchema },
  saveVoidSettings: { input: VoidDeadlinesSchema, output: VoidSettingsViewSchema },
  /** An 'invalid' document with corrected customer data, sent again under the same number. */
  correctDocument: { input: CorrectDocumentInputSchema, output: DocumentSummarySchema },
  retryAll: { input: NoInput, output: z.object({ count: z.number().int() }) },
  /** Checks the configured API's addresses and tokens without declaring anything. */
  testConnection: { input: NoInput, output: ConnectionTestSchema },
  registerReprint: { input: KeyedDocumentIdSchema, output: DocumentSummarySchema },
  getCdrZip: { input: DocumentIdSchema, output: FileSchema },
  lookupCustomer: { input: CustomerLookupInputSchema, output: CustomerLookupResultSchema },
  searchCustomers: { input: CustomerSearchInputSchema, output: z.array(CustomerSchema) },
  lookupReceipt: { input: ReceiptLookupInputSchema, output: ReceiptRecordSchema },
  lookupGuide: { input: GuideLookupInputSchema, output: GuideSchema },
  downloadGuideXml: { input: GuideLookupInputSchema, output: GuideXmlSchema },
  queryCdr: { input: CdrQueryInputSchema, output: CdrQueryResultSchema },
  printDocument: { input: PrintRequestSchema, output: PrintResultSchema },
  /** The ticket printer spoken to in raw ESC/POS, and its test page. */
  ...ticketPrinterContract,
  ...productsContract,
  /** The day's exchange rate for dollar sales: typed, or fetched from the provider. */
  ...exchangeRateContract,
  /** The shop's SMTP account and the documents sent by email (a durable queue, like the outbox). */
  ...mailContract,
  /** A document's PDF saved by hand, and the text that goes with it on WhatsApp. */
  ...documentFilesContract,
  ...backupContract,
  /** The accountant's sales register in SIRE's layout, and its check against SUNAT's proposal. */
  ...sireContract,
  /** The kardex in SUNAT's permanent inventory books (PLE 12.1, 13.1). */
  ...pleContract,
  ...stockLossContract,
  ...stockReportsContract,
  ...setupContract,
  ...summaryContract,
  ...usersContract,
  ...cashContract,
  /** Stock: purchases, the stock of each product, its kardex, physical counts. */
  ...stockContract,
  /** Customer accounts: credit limits, collections (abonos), statements, overdue balances. */
  ...accountsContract,
  /** This PC hosts the shop server; a till joins one with a code. */
  ...serverHostContract,
  /** The shop server: its password (write-only) and a connection check that pushes nothing. */
  setShopServerPassword: { input: ShopServerPasswordInputSchema, output: z.object({ passwordSet: z.boolean() }) },
  testShopServer: { input: NoInput, output: z.object({ ok: z.boolean(), message: z.string() }) },
  /** "Todas las cajas": any till's documents from the shop server. */
  searchShopDocuments: { input: ShopSearchInputSchema, output: z.array(ShopDocumentRowSchema) },
  getShopDocument: { input: ShopDocumentIdSchema, output: DocumentDetailSchema },
  /** The edits of shared records the shop server did not apply ("cambios no aplicados"). */
  listUnappliedChanges: { input: NoInput, output: z.array(UnappliedChangeSchema) },
  /** Documents the shop server refused (set aside, never blocking the queue). */
  getShopRefusals: { input: NoInput, output: ShopRefusalsSchema },
  /** This till's data folder shares its identity with another till: it takes a new one. */
  registerAsNewTill: { input: NoInput, output: z.object({ terminalId: z.string() }) },
} as const satisfies Record<BridgeMethodName, { input: z.ZodType; output: z.ZodType }>;

export type BridgeContract = typeof bridgeContract;
export type BridgeMethod = keyof BridgeContract;
/** `satisfies` above makes the contract's keys and BRIDGE_METHOD_NAMES the same set (missing or extra: a type error). */
export const BRIDGE_METHODS: readonly BridgeMethod[] = BRIDGE_METHOD_NAMES;
export type BridgeInput<M extends BridgeMethod> = z.input<BridgeContract[M]['input']>;
export type BridgeOutput<M extends BridgeMethod> = z.infer<BridgeContract[M]['output']>;

/** Errors cross the bridge as data, with a Spanish message and, for validation, the fields at fault. */
export const BridgeErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type BridgeError = z.infer<typeof BridgeErrorSchema>;

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** Pushed from the core to the renderer on the `pos:event` channel. */
export const BridgeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('document'), id: z.number().int(), status: z.enum(DOC_STATUSES) }),
  z.object({ type: z.literal('status'), status: AppStatusSchema }),
  /** A long product import, as it goes. */
  z.object({ type: z.literal('import_progress'), ...ImportProgressSchema.shape }),
  /** The core's worker died and a new one took over: its sessions are new, committed sales are kept. */
  z.object({ type: z.literal('core_restarted'), message: z.string() }),
  /** It kept dying and was not started again (the window says to reopen Caja). */
  z.object({ type: z.literal('core_stopped'), message: z.string() }),
]);
export type BridgeEvent = z.infer<typeof BridgeEventSchema>;

/** The shape of `window.pos`, identical in Electron's preload and in the browser-test harness. */
export type PosApi = {
  [M in BridgeMethod]: (input: BridgeInput<M>) => Promise<BridgeResult<BridgeOutput<M>>>;
} & {
  onEvent(listener: (event: BridgeEvent) => void): () => void;
};
