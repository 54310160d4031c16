import type { AccountCustomer, Collection, CustomerAccount, Paper, PrintRequest, PrintResult, PrintSource, DocumentDetail } from '../../../shared/bridge';
import { collectionPaper, statementPaper } from '../../../shared/printing/account-papers';
import type { ReceiptRecord } from '../../../shared/api';
import type { CashReport, SalesReport } from '../../../shared/cash';
import { dateTimeText } from '../../../shared/printing/printed-text';
import type { TicketPrinter } from '../../../shared/printing/settings';
import { ticketFromDocument, ticketFromRecord } from '../../../shared/printing/ticket-data';
import type { Logger } from '../dispatch';
import { silentLogger } from '../dispatch';
import { accountPaperJob, cashReportJob, salesReportJob } from '../printing/escpos/report-job';
import { testPageJob } from '../printing/escpos/test-page';
import { ticketJob } from '../printing/escpos/ticket-job';
import type { TicketPrinterStore } from '../printing/ticket-printer-store';
import { prepareTransport, PrinterUnreachable, transportFor as defaultTransportFor, type RawTransport } from '../printing/transports';
import type { DocumentsService } from './documents';
import { CoreError } from './errors';
import type { SettingsService } from './settings';

/** One thing to print, fully resolved: what, on which paper, to which device, as original or copy. */
export interface PrintJob {
  source: PrintSource;
  paper: Paper;
  /** The configured printer; '' means none: show a preview instead of printing silently. */
  deviceName: string;
  copy: boolean;
  action: 'print' | 'pdf';
  /** Cash received on the original, for the cash and change lines. */
  cashReceived?: string;
}

/** Prints or saves a rendered template. The Electron shell implements it; the core only decides what to print. */
export interface Printer {
  print(job: PrintJob): Promise<{ done: boolean; savedTo?: string }>;
}

/**
 * Raw ESC/POS printing: where the ticket printer's settings live, where each printable comes from, and
 * how bytes reach the printer (transports; tests give their own).
 */
export interface RawPrinting {
  store: Pick<TicketPrinterStore, 'get' | 'save'>;
  sources: {
    cashReport(sessionId: number): CashReport;
    salesReport(input: { from: string; to: string; scope: 'till' | 'shop' }): Promise<SalesReport>;
    record(lookup: Extract<PrintSource, { kind: 'record' }>['lookup']): Promise<ReceiptRecord>;
    shopDocument(idBaseDato: string): Promise<DocumentDetail>;
    /** A collection's constancia and a customer's statement (electron/core/accounts). */
    collection?(id: number): Collection;
    account?(customer: AccountCustomer): CustomerAccount;
  };
  transportFor?: (printer: TicketPrinter) => RawTransport | null;
  now?: () => Date;
  log?: Logger;
}

/** Reports and account papers print on ticket paper whatever the documents' paper is. */
const ON_TICKET_PAPER = new Set<PrintSource['kind']>(['cashReport', 'salesReport', 'collection', 'accountStatement']);

/** Cash sales whose drawer already opened with their ticket (the pulse rides on the first original only). */
const PULSED_LIMIT = 200;

export class PrintingService {
  private readonly pulsed = new Set<number>();
  /** Raw jobs go one after another: a receipt printer takes one connection (or spool job) at a time. */
  private rawQueue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly printer: Printer | undefined,
    private readonly settings: SettingsService,
    private readonly documents: DocumentsService,
    /** Checks a shift report exists before printing it (throws in Spanish otherwise). */
    private readonly cashReport: (sessionId: number) => unknown = () => undefined,
    private readonly raw?: RawPrinting,
  ) {
    const ticketPrinter = this.ticketPrinter();
    if (ticketPrinter && !raw?.transportFor) prepareTransport(ticketPrinter);
  }

  /** The ticket printer spoken to in ESC/POS (transport 'driver': none). */
  ticketPrinter(): TicketPrinter | null {
    return this.raw ? this.raw.store.get() : null;
  }

  saveTicketPrinter(printer: TicketPrinter): TicketPrinter {
    if (!this.raw) throw new CoreError('print_unavailable', 'La impresión directa no está disponible en este entorno.');
    const saved = this.raw.store.save(printer);
    if (!this.raw.transportFor) prepareTransport(saved);
    return saved;
  }

  /**
   * True when a cash sale's drawer opens with its ticket: a raw printer with the pulse on, and the ticket printed on
   * issuing ("Imprimir al emitir"). The separate pulse after the sale is then not sent, so the drawer never opens twice;
   * without printing on issue the separate pulse stays and the ticket carries none.
   */
  opensDrawerWithTicket(): boolean {
    const p = this.ticketPrinter();
    return p !== null && p.transport !== 'driver' && p.drawerPulse && this.settings.view().sale.printOnIssue;
  }

  /** "Imprimir prueba": the test page with the given (unsaved) settings or the saved ones. */
  async testTicketPrinter(candidate?: TicketPrinter): Promise<{ ok: boolean; message: string; bytes: number }> {
    const printer = candidate ?? this.ticketPrinter();
    const transport = printer ? (this.raw?.transportFor ?? defaultTransportFor)(printer) : null;
    if (!printer || !transport) {
      return { ok: false, message: 'Elija cómo se conecta la impresora de tickets (red, CUPS, USB o Windows) para imprimir la prueba.', bytes: 0 };
    }
    const now = this.raw?.now?.() ?? new Date();
    const bytes = testPageJob(printer, dateTimeText(now.toISOString()));
    try {
      await this.inTurn(() => transport.send(bytes));
      return { ok: true, message: `Prueba enviada a ${transport.target}.`, bytes: bytes.length };
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : String(e), bytes: 0 };
    }
  }

  async print(request: PrintRequest & { copy: boolean }): Promise<PrintResult> {
    const ticketPrinter = this.ticketPrinter();
    if (!this.printer && (ticketPrinter === null || ticketPrinter.transport === 'driver')) {
      throw new CoreError('print_unavailable', 'La impresión no está disponible en este entorno.');
    }
    if (request.source.kind === 'document') this.documents.get(request.source.id);
    if (request.source.kind === 'cashReport') this.cashReport(request.source.sessionId);
    const configured = this.settings.printer();
    // A shift or sales report is a till slip: on the ticket printer even when documents print on A4.
    const paper = request.paper ?? configured.paper;
    const job: PrintJob = {
      source: request.source,
      // The owner's view is charts: on A4 (or its PDF) whatever paper documents print on.
      paper: request.source.kind === 'summary' ? 'A4' : ON_TICKET_PAPER.has(request.source.kind) && paper === 'A4' ? '80mm' : paper,
      deviceName: configured.deviceName,
      copy: request.copy,
      action: request.action,
      ...(request.cashReceived ? { cashReceived: request.cashReceived } : {}),
    };
    const outcome = await this.printRawOrDriver(job, ticketPrinter);
    if (!outcome.done || request.source.kind !== 'document' || !request.copy) return outcome;
    return { ...outcome, reprints: this.documents.registerReprint(request.source.id).reprints };
  }

  /** Tickets to a raw printer when one is set; A4, PDFs and everything without one through the driver. */
  private async printRawOrDriver(job: PrintJob, ticketPrinter: TicketPrinter | null): Promise<{ done: boolean; savedTo?: string }> {
    const transport = ticketPrinter && job.action === 'print' && job.paper !== 'A4' ? (this.raw?.transportFor ?? defaultTransportFor)(ticketPrinter) : null;
    if (!transport || !ticketPrinter) return this.driver(job);
    try {
      await this.printRaw(job, ticketPrinter, transport);
      return { done: true };
    } catch (e) {
      if (!(e instanceof PrinterUnreachable)) throw e;
      // The driver is the fallback, when a system printer is chosen in Ajustes (never a preview dialog in the
      // background). The drawer's pulse rode on the raw job: through the driver it opens as the driver does.
      if (this.printer && job.deviceName) {
        (this.raw?.log ?? silentLogger).warn('raw printing failed, printing through the driver', { error: e.message });
        return this.driver(job);
      }
      throw new CoreError('print_failed', `No se pudo imprimir: ${lowerFirst(e.message)} ${this.stillStands(job.source)}`);
    }
  }

  /**
   * Through the shell's printer. Its failure is the printer's, said with the printer's name and what still stands: a
   * CoreError thrown in the shell reaches a core in a worker thread as a plain Error (only the message crosses), which
   * the bridge would otherwise answer as an internal error.
   */
  private async driver(job: PrintJob): Promise<{ done: boolean; savedTo?: string }> {
    if (!this.printer) throw new CoreError('print_unavailable', 'La impresión no está disponible en este entorno.');
    try {
      return await this.printer.print(job);
    } catch (e) {
      if (e instanceof CoreError && e.code !== 'print_failed') throw e;
      const said = e instanceof Error ? e.message : String(e);
      (this.raw?.log ?? silentLogger).warn('printing through the driver failed', { error: said });
      const reason = lowerFirst(said.replace(/^No se pudo imprimir:\s*/, ''));
      const what = job.action === 'pdf' ? 'No se pudo guardar el PDF' : job.deviceName ? `No se pudo imprimir en «${job.deviceName}»` : 'No se pudo imprimir';
      throw new CoreError('print_failed', `${what}: ${reason} ${this.stillStands(job.source)}`);
    }
  }

  /** What a failed print leaves standing, so the cashier knows nothing but the paper is missing. */
  private stillStands(source: PrintSource): string {
    if (source.kind === 'document') {
      const row = this.documents.get(source.id);
      return `El comprobante ${row.series}-${String(row.number).padStart(8, '0')} ya está emitido y guardado: reimprímalo cuando la impresora esté lista.`;
    }
    if (source.kind === 'cashReport' || source.kind === 'salesReport') return 'El reporte está guardado: imprímalo cuando la impresora esté lista.';
    if (source.kind === 'collection') return 'La cobranza está registrada: imprima la constancia cuando la impresora esté lista.';
    if (source.kind === 'accountStatement') return 'Imprima el estado de cuenta cuando la impresora esté lista.';
    if (source.kind === 'summary') return 'Imprima el resumen cuando la impresora esté lista.';
    return 'El comprobante está guardado: imprímalo cuando la impresora esté lista.';
  }

  private inTurn<T>(send: () => Promise<T>): Promise<T> {
    const turn = this.rawQueue.then(send);
    this.rawQueue = turn.catch(() => undefined);
    return turn;
  }

  private async printRaw(job: PrintJob, printer: TicketPrinter, transport: RawTransport): Promise<void> {
    const raw = this.raw;
    if (!raw) throw new CoreError('print_unavailable', 'La impresión directa no está disponible en este entorno.');
    const format = { width: printer.width, codePage: printer.codePage };
    const company = this.settings.company();
    const { source } = job;
    let bytes: Uint8Array;
    let pulsedFor: number | null = null;
    if (source.kind === 'document') {
      const detail = this.documents.detail(source.id);
      const pulse = this.opensDrawerWithTicket() && !job.copy && !this.pulsed.has(source.id) && isCashSale(detail, job.cashReceived);
      const data = ticketFromDocument(detail, company, { copy: job.copy, ...(job.cashReceived ? { cashReceived: job.cashReceived } : {}) });
      bytes = ticketJob(data, format, { logo: printer.logo, pulse });
      if (pulse) pulsedFor = source.id;
    } else if (source.kind === 'shopDocument') {
      const detail = await raw.sources.shopDocument(source.idBaseDato);
      bytes = ticketJob(ticketFromDocument(detail, company, { copy: true }), format, { logo: printer.logo });
    } else if (source.kind === 'record') {
      bytes = ticketJob(ticketFromRecord(await raw.sources.record(source.lookup)), format, { logo: printer.logo });
    } else if (source.kind === 'cashReport') {
      bytes = cashReportJob(raw.sources.cashReport(source.sessionId), company, format, printer.logo);
    } else if (source.kind === 'collection' || source.kind === 'accountStatement') {
      const { collection, account } = raw.sources;
      if (!collection || !account) throw new CoreError('print_unavailable', 'La impresión de cuentas no está disponible en este entorno.');
      const paper = source.kind === 'collection' ? collectionPaper(collection(source.id)) : statementPaper(account(source.customer), (raw.now?.() ?? new Date()).toISOString());
      bytes = accountPaperJob(paper, company, format, printer.logo);
    } else {
      const report = await raw.sources.salesReport({ from: source.from, to: source.to, scope: source.scope ?? 'till' });
      bytes = salesReportJob(report, company, format, printer.logo);
    }
    await this.inTurn(() => transport.send(bytes));
    if (pulsedFor !== null) {
      if (this.pulsed.size >= PULSED_LIMIT) this.pulsed.delete(this.pulsed.values().next().value as number);
      this.pulsed.add(pulsedFor);
    }
  }
}

/** "La impresora …" read on after a colon: lower case, unless the word is an acronym (CUPS). */
function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** A boleta or factura paid (partly) in cash: stored cash payments, or, before payments were stored, cash typed. */
function isCashSale(detail: DocumentDetail, cashReceived: string | undefined): boolean {
  if (detail.docType !== '01' && detail.docType !== '03') return false;
  return detail.payments.length > 0 ? detail.payments.some((p) => p.kind === 'cash') : cashReceived !== undefined;
}
