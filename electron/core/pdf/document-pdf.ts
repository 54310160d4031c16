/// <reference types="pdfkit" />
// The A4 PDF of a document, drawn in the core so that it exists where no browser window does: the email's
// attachment, "Guardar PDF" and "Copiar para WhatsApp". It prints what the A4 HTML page prints (issuer and the RUC
// box, the customer block, the lines, totals, legends, payment, hash, QR and "Representación impresa"), read from
// the same TicketData as every other copy.
//
// pdfkit (2.3 MB of the core's 5 MB bundle) and qrcode are loaded at the first PDF, not when the core starts: most
// days a till draws no PDF, and every start of the core (each worker, each restart) would pay for evaluating them.
// pdfkit's standalone build is used because it carries the standard fonts' metrics inside the script: the core runs
// as one bundled script with no package folder beside it, where the regular build's font files cannot be read.
import type PDFDocument from 'pdfkit/js/pdfkit.standalone';
import type { TicketData } from '../../../shared/printing/ticket-data';
import { amountText, unitPriceGrouped } from '../../../shared/printing/printed-text';

const MARGIN = 40;
const PAGE_WIDTH = 595.28; // A4 in points
const CONTENT = PAGE_WIDTH - 2 * MARGIN;
const INK = '#111111';
const MUTED = '#555555';
const ALERT = '#b00020';

/** Columns of the lines table: x offset from the margin, width, alignment. */
const COLUMNS = [
  { title: 'Cant.', width: 50, align: 'right' },
  { title: 'Unidad', width: 62, align: 'left' },
  { title: 'Código', width: 62, align: 'left' },
  { title: 'Descripción', width: 177, align: 'left' },
  { title: 'P. unit.', width: 84, align: 'right' },
  { title: 'Importe', width: 80.28, align: 'right' },
] as const;

type Doc = InstanceType<typeof PDFDocument>;

/** The document's A4 PDF as bytes. */
export async function documentPdf(t: TicketData): Promise<Buffer> {
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import('pdfkit/js/pdfkit.standalone'), import('qrcode')]);
  const qr = await QRCode.toBuffer(t.qr || `${t.issuer.ruc}|${t.docType}|${t.series}|${t.number}`, { margin: 1, width: 240, errorCorrectionLevel: 'Q' });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${t.docName} ${t.seriesNumber}`, Author: t.issuer.name, Subject: `RUC ${t.issuer.ruc}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  banners(doc, t);
  head(doc, t);
  customer(doc, t);
  lines(doc, t);
  bottom(doc, t);
  closing(doc, t, qr);
  doc.end();
  return done;
}

function banners(doc: Doc, t: TicketData): void {
  if (t.notDeclared) {
    doc.font('Helvetica-Bold').fontSize(18).fillColor(ALERT).text(t.notDeclared.mark, { align: 'center' });
    doc.font('Helvetica').fontSize(10).text(t.notDeclared.reason, { align: 'center' });
    if (t.notDeclared.replacedBy) doc.text(`Reemplazado por ${t.notDeclared.replacedBy}`, { align: 'center' });
    doc.moveDown(0.5);
  }
  if (t.demo) doc.font('Helvetica-Bold').fontSize(11).fillColor(ALERT).text('DOCUMENTO DE DEMOSTRACIÓN — SIN VALOR TRIBUTARIO', { align: 'center' }).moveDown(0.5);
  if (t.copy) doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(t.copyNumber ? `REIMPRESIÓN N.° ${t.copyNumber}` : 'REIMPRESIÓN', { align: 'right' });
  doc.fillColor(INK);
}

function head(doc: Doc, t: TicketData): void {
  const top = doc.y;
  const boxWidth = 200;
  const boxX = MARGIN + CONTENT - boxWidth;
  // The RUC box first: the issuer's text wraps in what is left beside it.
  doc.font('Helvetica-Bold').fontSize(12);
  const boxText = [`R.U.C. ${t.issuer.ruc}`, t.docName, t.seriesNumber];
  const boxHeight = 78;
  doc.lineWidth(1.2).rect(boxX, top, boxWidth, boxHeight).stroke(INK);
  doc.text(boxText[0]!, boxX, top + 10, { width: boxWidth, align: 'center' });
  doc.fontSize(11).text(boxText[1]!, { width: boxWidth, align: 'center' });
  doc.fontSize(13).text(boxText[2]!, { width: boxWidth, align: 'center' });

  const issuerWidth = CONTENT - boxWidth - 16;
  doc.x = MARGIN;
  doc.y = top;
  if (t.issuer.tradeName) doc.font('Helvetica-Bold').fontSize(15).text(t.issuer.tradeName, MARGIN, top, { width: issuerWidth });
  doc.font(t.issuer.tradeName ? 'Helvetica' : 'Helvetica-Bold').fontSize(t.issuer.tradeName ? 10 : 14).text(t.issuer.name, MARGIN, doc.y, { width: issuerWidth });
  if (t.issuer.address) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(t.issuer.address, { width: issuerWidth }).fillColor(INK);
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + boxHeight) + 12;
}

function customer(doc: Doc, t: TicketData): void {
  const rows: [string, string][] = [];
  if (t.modifies) {
    rows.push(['Documento que modifica', t.modifies.document + (t.modifies.issueDate ? ` del ${t.modifies.issueDate}` : '')]);
    rows.push(['Motivo', t.modifies.reason]);
  }
  if (t.customer) {
    rows.push([t.docType === '01' ? 'Razón social' : 'Cliente', t.customer.name]);
    rows.push([t.customer.docLabel, t.customer.docNumber]);
    if (t.customer.address) rows.push(['Dirección', t.customer.address]);
  } else {
    rows.push(['Cliente', 'CLIENTES VARIOS']);
  }
  rows.push(['Fecha de emisión', t.issuedAt]);
  if (t.dueDate) rows.push(['Fecha de vencimiento', t.dueDate]);
  if (t.cashier) rows.push(['Cajero', t.cashier]);
  rows.push(['Moneda', t.currencyWords]);
  if (t.exchangeRate) rows.push(['Tipo de cambio', t.exchangeRate]);
  doc.fontSize(9.5);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(`${label}:`, MARGIN, y, { width: 120 });
    doc.font('Helvetica').text(value, MARGIN + 124, y, { width: CONTENT - 124 });
    doc.y = Math.max(doc.y, y + 12);
  }
  doc.x = MARGIN;
  doc.moveDown(0.6);
}

function lines(doc: Doc, t: TicketData): void {
  const header = (): void => {
    const y = doc.y;
    doc.rect(MARGIN, y - 3, CONTENT, 16).fill('#e8e8e8').fillColor(INK);
    let x = MARGIN;
    doc.font('Helvetica-Bold').fontSize(9);
    for (const c of COLUMNS) {
      const title = c.title === 'P. unit.' || c.title === 'Importe' ? `${c.title} ${t.currencySymbol}` : c.title;
      doc.text(title, x + 3, y, { width: c.width - 6, align: c.align });
      x += c.width;
    }
    doc.y = y + 16;
  };
  header();
  doc.font('Helvetica').fontSize(9);
  for (const line of t.lines) {
    let description = line.description + (line.bag ? ' (ICBPER)' : '') + (line.exonerated ? ' (EXO)' : '');
    if (line.discount) {
      description += `\nPrecio de lista ${unitPriceGrouped(line.discount.listPrice)}, importe ${amountText(line.discount.listTotal)}, descuento -${amountText(line.discount.amount)}`;
    }
    const cells = [line.quantity, line.unitName, line.code, description, unitPriceGrouped(line.unitPrice), amountText(line.total)];
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i]!.width - 6 })));
    if (doc.y + height > doc.page.height - MARGIN - 40) {
      doc.addPage();
      header();
      doc.font('Helvetica').fontSize(9);
    }
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((text, i) => {
      const c = COLUMNS[i]!;
      doc.text(text, x + 3, y, { width: c.width - 6, align: c.align });
      x += c.width;
    });
    doc.y = y + height + 4;
    doc.moveTo(MARGIN, doc.y - 2).lineTo(MARGIN + CONTENT, doc.y - 2).lineWidth(0.3).stroke('#bbbbbb');
  }
  doc.x = MARGIN;
  doc.moveDown(0.5);
}

function bottom(doc: Doc, t: TicketData): void {
  const top = doc.y;
  const totalsWidth = 210;
  const totalsX = MARGIN + CONTENT - totalsWidth;
  const money = (v: string) => `${t.currencySymbol} ${amountText(v)}`;
  const totals: [string, string][] = [];
  if (t.discountTotal) totals.push(['Descuentos', `-${money(t.discountTotal)}`]);
  totals.push(['Op. gravadas', money(t.totals.gravadas)]);
  if (t.totals.exoneradas !== '0.00') totals.push(['Op. exoneradas', money(t.totals.exoneradas)]);
  totals.push([t.totals.igvRate ? `IGV ${t.totals.igvRate} %` : 'IGV', money(t.totals.igv)]);
  if (t.totals.icbper !== '0.00') totals.push(['ICBPER', money(t.totals.icbper)]);
  doc.fontSize(10);
  let y = top;
  for (const [label, value] of totals) {
    doc.font('Helvetica').text(label, totalsX, y, { width: 110 });
    doc.text(value, totalsX + 110, y, { width: totalsWidth - 110, align: 'right' });
    y += 14;
  }
  doc.font('Helvetica-Bold').fontSize(12).text('Importe total', totalsX, y + 2, { width: 110 });
  doc.text(money(t.totals.total), totalsX + 100, y + 2, { width: totalsWidth - 100, align: 'right' });
  const totalsBottom = y + 20;

  const notesWidth = CONTENT - totalsWidth - 16;
  doc.font('Helvetica-Bold').fontSize(9.5).text(`SON: ${t.words}`, MARGIN, top, { width: notesWidth });
  doc.font('Helvetica').fontSize(9);
  for (const legend of t.legends) doc.text(legend.value, { width: notesWidth });
  doc.moveDown(0.3);
  if (t.payment.method) doc.font('Helvetica-Bold').text(`Forma de pago: ${t.payment.method === 'CREDITO' ? 'Crédito' : 'Contado'}`, { width: notesWidth }).font('Helvetica');
  for (const cuota of t.payment.installments) {
    doc.text(`Cuota ${cuota.number}: ${money(cuota.amount)}, vence el ${cuota.dueDate.split('-').reverse().join('/')}`, { width: notesWidth });
  }
  for (const tender of t.payment.tenders) {
    doc.text(`${tender.label}: ${money(tender.amount)}${tender.reference ? ` (op. ${tender.reference})` : ''}`, { width: notesWidth });
  }
  if (t.payment.change && t.payment.change !== '0.00') doc.text(`Vuelto: ${money(t.payment.change)}`, { width: notesWidth });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, totalsBottom) + 14;
}

function closing(doc: Doc, t: TicketData, qr: Buffer): void {
  const size = 96;
  if (doc.y + size > doc.page.height - MARGIN) doc.addPage();
  const top = doc.y;
  // A data URL: the standalone build's own Buffer does not recognise Node's.
  doc.image(`data:image/png;base64,${qr.toString('base64')}`, MARGIN, top, { width: size, height: size });
  const x = MARGIN + size + 14;
  const width = CONTENT - size - 14;
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  if (t.hash) doc.text(`Resumen: ${t.hash}`, x, top, { width });
  doc.text(`Representación impresa de la ${t.docName}. Consulte su validez en www.sunat.gob.pe`, x, doc.y + 2, { width });
  if (t.awaitingSunat) {
    doc.font('Helvetica-Bold').fillColor(ALERT).text('Comprobante aún por enviar a SUNAT: consulte su validez más tarde.', x, doc.y + 4, { width });
  }
  doc.fillColor(INK);
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + size) + 8;
}
