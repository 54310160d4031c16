// The message a customer receives: Spanish text with the shop's name, the document and its CDR attached.
// The A4 PDF is drawn by the main process (a hidden window's printToPDF), which the core's worker cannot reach while
// it sends in the background; so the document travels as an HTML copy built from the same ticket data as every
// printed copy (issuer, customer, lines, totals, QR text, hash), and the CDR as SUNAT returned it (zip and XML).
import type Mail from 'nodemailer/lib/mailer';
import type { DocumentDetail, SettingsView } from '../../../shared/bridge';
import { ticketFromDocument, type TicketData } from '../../../shared/printing/ticket-data';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function documentHtml(t: TicketData): string {
  const e = escapeHtml;
  const lines = t.lines
    .map((l) => `<tr><td>${e(l.quantity)} ${e(l.unitName)}</td><td>${e(l.description)}</td><td style="text-align:right">${e(l.unitPrice)}</td><td style="text-align:right">${e(l.total)}</td></tr>`)
    .join('');
  const customer = t.customer ? `<p>${e(t.customer.docLabel)} ${e(t.customer.docNumber)}<br>${e(t.customer.name)}${t.customer.address ? `<br>${e(t.customer.address)}` : ''}</p>` : '';
  const modifies = t.modifies ? `<p>Documento que modifica: ${e(t.modifies.document)}<br>Motivo: ${e(t.modifies.reason)}</p>` : '';
  const mark = t.notDeclared ? `<p><strong>${e(t.notDeclared.mark)}</strong>: ${e(t.notDeclared.reason)}</p>` : '';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${e(t.docName)} ${e(t.seriesNumber)}</title></head><body>
<h1>${e(t.issuer.tradeName || t.issuer.name)}</h1>
<p>${e(t.issuer.name)} — RUC ${e(t.issuer.ruc)}<br>${e(t.issuer.address)}</p>
<h2>${e(t.docName)} ${e(t.seriesNumber)}</h2>
${mark}<p>Fecha de emisión: ${e(t.issuedAt)}</p>
${customer}${modifies}
<table border="1" cellspacing="0" cellpadding="4"><thead><tr><th>Cant.</th><th>Descripción</th><th>P. unit.</th><th>Importe</th></tr></thead><tbody>${lines}</tbody></table>
<p>Op. gravadas: ${e(t.currencySymbol)} ${e(t.totals.gravadas)}<br>Op. exoneradas: ${e(t.currencySymbol)} ${e(t.totals.exoneradas)}<br>IGV: ${e(t.currencySymbol)} ${e(t.totals.igv)}${t.totals.icbper !== '0.00' ? `<br>ICBPER: ${e(t.currencySymbol)} ${e(t.totals.icbper)}` : ''}<br><strong>Total: ${e(t.currencySymbol)} ${e(t.totals.total)}</strong></p>
<p>SON: ${e(t.words)}</p>
${t.hash ? `<p>Resumen: ${e(t.hash)}</p>` : ''}<p>Representación impresa del comprobante electrónico. Consulte su validez en www.sunat.gob.pe</p>
</body></html>`;
}

export interface ComposeInput {
  detail: DocumentDetail;
  company: SettingsView['company'];
  shopName: string;
  from: string;
  to: string;
  messageId: string;
  /** The CDR zip as SUNAT returned it, when the document has one. */
  cdrZip: Buffer | null;
  date: Date;
}

export function composeDocumentMail(input: ComposeInput): Mail.Options {
  const { detail, company, shopName } = input;
  const ticket = ticketFromDocument(detail, company, { copy: true });
  const name = `${ticket.docName.toLowerCase()} ${ticket.seriesNumber}`;
  const file = `${company.ruc}-${detail.docType}-${ticket.seriesNumber}`;
  const cdrLine = input.cdrZip || detail.cdrXml
    ? 'También adjuntamos la constancia de recepción de SUNAT (CDR).'
    : 'La constancia de recepción de SUNAT (CDR) aún no está disponible; puede consultar el comprobante en www.sunat.gob.pe.';
  const modifies = ticket.modifies ? `\nEsta nota modifica ${ticket.modifies.document} (${ticket.modifies.reason}).\n` : '';
  const text = `Estimado cliente:

${shopName} le envía su ${name}, emitida el ${ticket.issuedAt}, por un total de ${ticket.currencySymbol} ${ticket.totals.total}.
${modifies}
Adjuntamos el comprobante. ${cdrLine}

Gracias por su preferencia.
${shopName}
`;
  const attachments: NonNullable<Mail.Options['attachments']> = [
    { filename: `${file}.html`, content: documentHtml(ticket), contentType: 'text/html; charset=utf-8' },
  ];
  if (input.cdrZip) attachments.push({ filename: `R-${file}.zip`, content: input.cdrZip, contentType: 'application/zip' });
  if (detail.cdrXml) attachments.push({ filename: `R-${file}.xml`, content: detail.cdrXml, contentType: 'application/xml; charset=utf-8' });
  return {
    from: { name: shopName, address: input.from },
    to: input.to,
    subject: `${shopName}: ${name}`,
    text,
    messageId: input.messageId,
    date: input.date,
    attachments,
  };
}

export function composeTestMail(shopName: string, from: string, to: string, date: Date): Mail.Options {
  return {
    from: { name: shopName, address: from },
    to,
    subject: `${shopName}: correo de prueba`,
    text: `Este es un correo de prueba de Caja.\n\nSi lo recibió, ${shopName} ya puede enviar comprobantes por correo a sus clientes.\n`,
    date,
  };
}
