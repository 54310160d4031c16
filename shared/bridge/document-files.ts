// A document that leaves Caja by hand: its A4 PDF saved where the user picks (the folder then opened), and the short
// text a cashier pastes in WhatsApp beside it. The path comes only from the system's save dialog.
import { z } from 'zod';

const DocumentId = z.strictObject({ id: z.number().int().positive() });

export const SaveDocumentPdfResultSchema = z.object({
  /** false: the dialog was cancelled and nothing was written. */
  saved: z.boolean(),
  fileName: z.string().nullable(),
});
export type SaveDocumentPdfResult = z.infer<typeof SaveDocumentPdfResultSchema>;

export const DocumentShareTextSchema = z.object({ text: z.string() });

export const documentFilesContract = {
  /** "Guardar PDF": the A4 PDF written where the user picks in the save dialog, and that folder opened. */
  saveDocumentPdf: { input: DocumentId, output: SaveDocumentPdfResultSchema },
  /** "Copiar para WhatsApp": the message that goes with the PDF, in Spanish. */
  getDocumentShareText: { input: DocumentId, output: DocumentShareTextSchema },
} as const;
