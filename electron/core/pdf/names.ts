// How a document's PDF is named and announced when it leaves Caja by hand (saved, or passed on through WhatsApp).
import type { TicketData } from '../../../shared/printing/ticket-data';
import { amountText } from '../../../shared/printing/printed-text';

/** SUNAT's usual naming, '20123456789-03-B001-00000012': the customer's folder sorts them and nothing collides. */
export function documentFileName(ruc: string, docType: string, seriesNumber: string): string {
  return `${ruc}-${docType}-${seriesNumber}`;
}

/** The lowercase document name for a sentence: 'boleta de venta electrónica B001-00000012'. */
function inSentence(t: TicketData): string {
  return `${t.docName.toLowerCase()} ${t.seriesNumber}`;
}

/**
 * The short message a cashier pastes in WhatsApp beside the saved PDF: who sends what, for how much, and where its
 * validity is checked. A document SUNAT has not accepted yet says so rather than implying it is final.
 */
export function whatsappText(t: TicketData, shopName: string): string {
  const lines = [
    `Hola${t.customer ? ` ${t.customer.name}` : ''}, ${shopName} le envía su ${inSentence(t)} del ${t.issuedAt.slice(0, 10)} por ${t.currencySymbol} ${amountText(t.totals.total)}.`,
  ];
  if (t.modifies) lines.push(`Modifica ${t.modifies.document}.`);
  if (t.notDeclared) lines.push(`${t.notDeclared.mark}: ${t.notDeclared.reason}`);
  else if (t.awaitingSunat) lines.push('El comprobante aún está por enviarse a SUNAT; podrá consultar su validez más tarde en www.sunat.gob.pe.');
  else lines.push('Puede consultar su validez en www.sunat.gob.pe.');
  lines.push('Le adjuntamos el PDF. ¡Gracias por su preferencia!');
  return lines.join('\n');
}
