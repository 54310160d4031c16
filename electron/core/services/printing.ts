import type { Paper, PrintRequest, PrintResult, PrintSource } from '../../../shared/bridge';
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

export class PrintingService {
  constructor(
    private readonly printer: Printer | undefined,
    private readonly settings: SettingsService,
    private readonly documents: DocumentsService,
    /** Checks a shift report exists before printing it (throws in Spanish otherwise). */
    private readonly cashReport: (sessionId: number) => unknown = () => undefined,
  ) {}

  async print(request: PrintRequest & { copy: boolean }): Promise<PrintResult> {
    if (!this.printer) throw new CoreError('print_unavailable', 'La impresión no está disponible en este entorno.');
    if (request.source.kind === 'document') this.documents.get(request.source.id);
    if (request.source.kind === 'cashReport') this.cashReport(request.source.sessionId);
    const configured = this.settings.printer();
    // A shift or sales report is a till slip: on the ticket printer even when documents print on A4.
    const paper = request.paper ?? configured.paper;
    const job: PrintJob = {
      source: request.source,
      paper: (request.source.kind === 'cashReport' || request.source.kind === 'salesReport') && paper === 'A4' ? '80mm' : paper,
      deviceName: configured.deviceName,
      copy: request.copy,
      action: request.action,
      ...(request.cashReceived ? { cashReceived: request.cashReceived } : {}),
    };
    const outcome = await this.printer.print(job);
    if (!outcome.done || request.source.kind !== 'document' || !request.copy) return outcome;
    return { ...outcome, reprints: this.documents.registerReprint(request.source.id).reprints };
  }
}
