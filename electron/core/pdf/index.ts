export { documentPdf } from './document-pdf';
export { documentFileName, whatsappText } from './names';
