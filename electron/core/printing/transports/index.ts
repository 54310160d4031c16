// The transport a ticket printer's settings name.
import type { TicketPrinter } from '../../../../shared/printing/settings';
import { cupsTransport } from './cups';
import { deviceTransport } from './device';
import { tcpTransport } from './tcp';
import type { RawTransport } from './types';
import { warmWindowsSpooler, windowsTransport } from './windows';

export { PrinterUnreachable, type RawTransport } from './types';

/** null for 'driver': the ticket goes through the system's driver (electron/shell/printer.ts). */
export function transportFor(printer: TicketPrinter): RawTransport | null {
  switch (printer.transport) {
    case 'tcp':
      return tcpTransport({ host: printer.host, port: printer.port });
    case 'cups':
      return cupsTransport({ queue: printer.queue });
    case 'device':
      return deviceTransport({ device: printer.device });
    case 'windows':
      return windowsTransport({ printer: printer.queue });
    case 'driver':
      return null;
  }
}

/** Gets a transport ready ahead of the first job where that takes time (the Windows spooler's worker). */
export function prepareTransport(printer: TicketPrinter): void {
  if (printer.transport === 'windows') warmWindowsSpooler();
}
