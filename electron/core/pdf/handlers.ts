// The bridge's "Guardar PDF" and "Copiar para WhatsApp": the document's A4 PDF written where the user picks, the
// folder then shown, and the text that goes with it.
import fs from 'node:fs';
import path from 'node:path';
import type { DocumentDetail, SettingsView } from '../../../shared/bridge';
import { ticketFromDocument } from '../../../shared/printing/ticket-data';
import type { Handlers } from '../dispatch';
import { CoreError } from '../services/errors';
import type { FileChooser } from '../services/file-chooser';
import { documentPdf } from './document-pdf';
import { documentFileName, whatsappText } from './names';

type DocumentFileHandlers = Pick<Handlers, 'saveDocumentPdf' | 'getDocumentShareText'>;

export interface DocumentFilesDeps {
  detail: (id: number) => DocumentDetail;
  company: () => SettingsView['company'];
  files: FileChooser | undefined;
}

export function documentFilesHandlers(deps: DocumentFilesDeps): DocumentFileHandlers {
  const ticketOf = (id: number) => {
    const detail = deps.detail(id);
    return { detail, ticket: ticketFromDocument(detail, deps.company(), { copy: false }) };
  };
  return {
    saveDocumentPdf: async ({ id }) => {
      const { detail, ticket } = ticketOf(id);
      const files = deps.files;
      if (!files) throw new CoreError('export_unavailable', 'Guardar PDF no está disponible en este entorno.');
      const defaultName = `${documentFileName(deps.company().ruc, detail.docType, ticket.seriesNumber)}.pdf`;
      const dest = await files.chooseSaveFile({ title: 'Guardar el comprobante en PDF', defaultName, filters: [{ name: 'PDF', extensions: ['pdf'] }] });
      if (!dest) return { saved: false, fileName: null };
      const bytes = await documentPdf(ticket);
      // Written beside the target and renamed: a half-written PDF never takes the name the user chose.
      const temp = path.join(path.dirname(dest), `.${path.basename(dest)}.${process.pid}.part`);
      try {
        await fs.promises.writeFile(temp, bytes);
        await fs.promises.rename(temp, dest);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        const why = error instanceof Error ? error.message : String(error);
        throw new CoreError('export_failed', `No se pudo guardar el PDF (${why}). Elija otra carpeta o revise el espacio libre.`);
      }
      await files.showInFolder?.(dest);
      return { saved: true, fileName: path.basename(dest) };
    },
    getDocumentShareText: ({ id }) => {
      const { ticket } = ticketOf(id);
      const company = deps.company();
      return { text: whatsappText(ticket, company.tradeName || company.name || 'Caja') };
    },
  };
}
