// The ticket printer's settings, kept with the other settings (table `settings`, key 'ticketPrinter'):
// no migration. A stored value this version cannot read counts as "no raw printer" (tickets go through the driver).
import type { SettingsRepository } from '../db';
import { DEFAULT_TICKET_PRINTER, TicketPrinterSchema, type TicketPrinter } from '../../../shared/printing/settings';

const KEY = 'ticketPrinter';

export class TicketPrinterStore {
  constructor(private readonly settings: Pick<SettingsRepository, 'get' | 'set'>) {}

  get(): TicketPrinter {
    const parsed = TicketPrinterSchema.safeParse(this.settings.get(KEY));
    return parsed.success ? parsed.data : DEFAULT_TICKET_PRINTER;
  }

  save(printer: TicketPrinter): TicketPrinter {
    this.settings.set(KEY, printer);
    return this.get();
  }
}
