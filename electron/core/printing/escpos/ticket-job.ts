// A boleta, factura, credit or debit note as an ESC/POS job: the same TicketData and the same texts as
// the HTML ticket (renderer/print/Ticket.tsx and parts.tsx), in the printer's own columns; the QR drawn by the
// printer with the same content (shared/printing/qr-text.ts); the logo; the drawer's pulse when asked; a cut.
import Decimal from 'decimal.js';
import type { TicketLogo } from '../../../../shared/printing/settings';
import type { TicketData } from '../../../../shared/printing/ticket-data';
import { amountText, dayText, unitPriceGrouped } from '../../../../shared/printing/printed-text';
import { logoCommand } from './logo';
import { TicketWriter, type JobFormat } from './writer';

export interface JobExtras {
  logo?: TicketLogo | null;
  /** Open the drawer with this ticket (an original of a cash sale). */
  pulse?: boolean;
}

const nonZero = (v: string) => !new Decimal(v).isZero();

function banners(w: TicketWriter, data: TicketData): void {
  if (data.notDeclared) {
    w.center(data.notDeclared.mark, { bold: true, tall: true }).center(data.notDeclared.reason);
    if (data.notDeclared.replacedBy) w.center(`Reemplazado por ${data.notDeclared.replacedBy}.`);
    w.blank();
  }
  if (data.copy) {
    w.center('REIMPRESIÓN', { bold: true, tall: true });
    if (data.copyNumber !== null) w.center(`Copia n.º ${data.copyNumber}`);
  }
  if (data.demo) w.center('DOCUMENTO DE DEMOSTRACIÓN — SIN VALOR TRIBUTARIO', { bold: true });
}

function header(w: TicketWriter, data: TicketData): void {
  if (data.issuer.tradeName) w.center(data.issuer.tradeName, { bold: true, tall: true });
  w.center(data.issuer.name, { bold: true }).center(`R.U.C. ${data.issuer.ruc}`);
  if (data.issuer.address) w.center(data.issuer.address);
  w.rule().center(data.docName, { bold: true }).center(data.seriesNumber, { bold: true, tall: true }).rule();
  if (data.modifies) {
    w.text(`Documento que modifica: ${data.modifies.document}${data.modifies.issueDate ? ` del ${data.modifies.issueDate}` : ''}`);
    w.text(`Motivo: ${data.modifies.reason}`);
  }
  w.text(`Fecha de emisión: ${data.issuedAt}`);
  if (data.cashier) w.text(`Cajero: ${data.cashier}`);
  if (data.dueDate) w.text(`Vencimiento: ${data.dueDate}`);
  if (data.customer) {
    w.text(`${data.customer.docLabel}: ${data.customer.docNumber}`);
    w.text(`${data.docType === '01' ? 'Razón social' : 'Cliente'}: ${data.customer.name}`);
    if (data.customer.address) w.text(`Dirección: ${data.customer.address}`);
  } else w.text('Cliente: CLIENTES VARIOS');
  w.text(`Moneda: ${data.currencyWords}`);
  if (data.exchangeRate) w.text(`Tipo de cambio: ${data.exchangeRate}`);
}

function lines(w: TicketWriter, data: TicketData): void {
  w.rule().pair('Cant. x P. unit.', 'Importe').rule();
  for (const line of data.lines) {
    w.text(`${line.description}${line.bag ? ' (ICBPER)' : ''}${line.exonerated ? ' (EXO)' : ''}`);
    if (line.discount) {
      w.pair(`  ${line.quantity} ${line.unitName} x ${unitPriceGrouped(line.discount.listPrice)}`, amountText(line.discount.listTotal));
      w.pair('  Descuento', `-${amountText(line.discount.amount)}`);
      w.pair('  Neto', amountText(line.total));
    } else w.pair(`  ${line.quantity} ${line.unitName} x ${unitPriceGrouped(line.unitPrice)}`, amountText(line.total));
  }
  w.rule();
}

/** Only the categories with an amount; IGV and the total always (as parts.tsx's Totals). */
function totals(w: TicketWriter, data: TicketData): void {
  const { totals: t, currencySymbol: s } = data;
  if (nonZero(t.gravadas)) w.pair(`Op. gravadas ${s}`, amountText(t.gravadas));
  if (nonZero(t.exoneradas)) w.pair(`Op. exoneradas ${s}`, amountText(t.exoneradas));
  w.pair(`I.G.V.${t.igvRate ? ` ${t.igvRate} %` : ''} ${s}`, amountText(t.igv));
  if (nonZero(t.icbper)) w.pair(`I.C.B.P.E.R. ${s}`, amountText(t.icbper));
  if (data.discountTotal) w.pair(`Descuentos ${s}`, amountText(`-${data.discountTotal}`));
  w.pair(`Importe total ${s}`, amountText(t.total), { bold: true });
  w.blank();
  if (data.words) w.text(data.words);
  for (const l of data.legends) w.text(l.value);
}

function payment(w: TicketWriter, data: TicketData): void {
  const { payment: p, currencySymbol: s } = data;
  if (p.method === null && p.tenders.length === 0) return;
  // A note has no payment form: what it shows is the money it gave back.
  w.blank().text(p.method === null ? 'Devolución:' : `Forma de pago: ${p.method === 'CREDITO' ? 'Crédito' : 'Contado'}`);
  if (p.cash) w.pair(`Efectivo: ${s}`, amountText(p.cash.received)).pair(`Vuelto: ${s}`, amountText(p.cash.change));
  for (const t of p.tenders) {
    w.pair(`${t.label}: ${s}`, amountText(t.amount));
    if (t.reference) w.text(`  Op. ${t.reference}`);
  }
  if (p.changeInSoles) w.pair(`Vuelto (${s} ${amountText(p.change ?? p.cash?.change ?? '0')}): S/`, amountText(p.changeInSoles), { bold: true });
  else if (p.change !== null) w.pair(`Vuelto: ${s}`, amountText(p.change), { bold: true });
  if (p.installments.length > 0) {
    const net = p.installments.reduce((acc, i) => acc.plus(i.amount), new Decimal(0));
    w.pair(`Monto neto pendiente de pago: ${s}`, amountText(net));
    w.text('Cuotas');
    const cols = (a: string, b: string, c: string) => {
      const third = Math.floor(w.columns / 3);
      return `${a.padEnd(third)}${b.padStart(third)}${c.padStart(w.columns - 2 * third)}`;
    };
    w.text(cols('Cuota', `Monto ${s}`, 'Vencimiento'));
    for (const i of p.installments) w.text(cols(String(i.number).padStart(3, '0'), amountText(i.amount), dayText(i.dueDate)));
  }
}

function closing(w: TicketWriter, data: TicketData): void {
  w.blank();
  if (data.hash) w.center(`Resumen: ${data.hash}`);
  w.qr(data.qr);
  w.center(`Representación impresa de la ${data.docName}`);
  if (data.awaitingSunat) w.center('Comprobante emitido sin conexión: pendiente de envío a SUNAT.');
  w.center('Consulte la validez de este comprobante en www.sunat.gob.pe (Consulta de comprobantes de pago).');
}

export function ticketJob(data: TicketData, format: JobFormat, extras: JobExtras = {}): Uint8Array {
  const w = new TicketWriter(format);
  // The drawer first: it opens while the ticket prints, and still opens if the paper runs out midway.
  if (extras.pulse) w.pulse();
  if (extras.logo) w.raw(logoCommand(extras.logo, format.width));
  banners(w, data);
  header(w, data);
  lines(w, data);
  totals(w, data);
  payment(w, data);
  closing(w, data);
  return w.cut().bytes();
}
