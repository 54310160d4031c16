// The message a customer receives: Spanish text with the shop's name, the document's A4 PDF and its CDR as SUNAT
// returned it (zip and XML) attached.
import type Mail from 'nodemailer/lib/mailer';
import type { DocumentDetail, SettingsView } from '../../../shared/bridge';
import { ticketFromDocument } from '../../../shared/printing/ticket-data';
import { documentFileName, documentPdf } from '../pdf';

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

export async function composeDocumentMail(input: ComposeInput): Promise<Mail.Options> {
  const { detail, company, shopName } = input;
  // The customer's own copy of the document, not a reprint.
  const ticket = ticketFromDocument(detail, company, { copy: false });
  const name = `${ticket.docName.toLowerCase()} ${ticket.seriesNumber}`;
  const file = documentFileName(company.ruc, detail.docType, ticket.seriesNumber);
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
    { filename: `${file}.pdf`, content: await documentPdf(ticket), contentType: 'application/pdf' },
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
