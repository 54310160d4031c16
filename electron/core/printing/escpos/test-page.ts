// "Imprimir prueba" (Ajustes → Impresora de tickets): what a cashier checks at a glance on paper. The accents and
// the ñ (the code page), a full-width rule (the columns), the printer's own QR, the logo, the cut, and the pulse.
import { CODE_PAGE_LABELS, TICKET_COLUMNS, type TicketPrinter } from '../../../../shared/printing/settings';
import { logoCommand } from './logo';
import { TicketWriter } from './writer';

export const TEST_QR_TEXT = 'CAJA|PRUEBA|ESC/POS|';

export function testPageJob(printer: TicketPrinter, printedAt: string): Uint8Array {
  const format = { width: printer.width, codePage: printer.codePage };
  const w = new TicketWriter(format);
  if (printer.drawerPulse) w.pulse();
  if (printer.logo) w.raw(logoCommand(printer.logo, printer.width));
  w.center('PRUEBA DE IMPRESIÓN', { bold: true, tall: true }).rule();
  w.text(`Papel: ${printer.width} (${TICKET_COLUMNS[printer.width]} columnas)`);
  w.text(`Página de códigos: ${CODE_PAGE_LABELS[printer.codePage]}`);
  w.text('Acentos: á é í ó ú Á É Í Ó Ú ü Ü ñ Ñ ¿? ¡! º ª');
  w.pair('Importe total S/', '1,234.50', { bold: true });
  w.text('0123456789'.repeat(Math.ceil(TICKET_COLUMNS[printer.width] / 10)).slice(0, TICKET_COLUMNS[printer.width]));
  w.rule().qr(TEST_QR_TEXT).center('Si lee este QR con el celular, la impresora lo dibuja bien.');
  w.center(printedAt);
  if (printer.drawerPulse) w.center('El cajón debió abrirse con esta prueba.');
  return w.cut().bytes();
}
