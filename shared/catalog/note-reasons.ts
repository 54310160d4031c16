// SUNAT's catálogo 09 (reasons for a credit note, 07) and catálogo 10 (reasons for a debit note, 08), as listed in
// docs/sunat/notes.md (issue 24). Each reason says how its note is built from the document it modifies:
//   whole  — every line at its full quantity (anulación, devolución total): only while nothing was credited before;
//   lines  — some lines and quantities (devolución por ítem);
//   amount — one line for a sum (descuentos, disminución o aumento en el valor, intereses, penalidades).
import type { CatalogEntry } from './entry';

export type NoteMode = 'whole' | 'lines' | 'amount';
export type NoteDocType = '07' | '08';

export interface NoteReasonEntry extends CatalogEntry {
  readonly mode: NoteMode;
}

/** Catálogo 09. */
export const CREDIT_NOTE_REASONS = [
  { code: '01', label: 'Anulación de la operación', mode: 'whole' },
  { code: '02', label: 'Anulación por error en el RUC', mode: 'whole' },
  { code: '03', label: 'Corrección por error en la descripción', mode: 'lines' },
  { code: '04', label: 'Descuento global', mode: 'amount' },
  { code: '05', label: 'Descuento por ítem', mode: 'amount' },
  { code: '06', label: 'Devolución total', mode: 'whole' },
  { code: '07', label: 'Devolución por ítem', mode: 'lines' },
  { code: '08', label: 'Bonificación', mode: 'amount' },
  { code: '09', label: 'Disminución en el valor', mode: 'amount' },
  { code: '10', label: 'Otros conceptos', mode: 'amount' },
  { code: '11', label: 'Ajustes de operaciones de exportación', mode: 'amount' },
  { code: '12', label: 'Ajustes afectos al IVAP', mode: 'amount' },
  { code: '13', label: 'Corrección del monto neto pendiente de pago y/o fechas de vencimiento de cuotas', mode: 'amount' },
] as const satisfies readonly NoteReasonEntry[];

/** Catálogo 10: a shop needs only 01–03 (docs/sunat/notes.md). A debit note is always for an amount. */
export const DEBIT_NOTE_REASONS = [
  { code: '01', label: 'Intereses por mora', mode: 'amount' },
  { code: '02', label: 'Aumento en el valor', mode: 'amount' },
  { code: '03', label: 'Penalidades / otros conceptos', mode: 'amount' },
] as const satisfies readonly NoteReasonEntry[];

/** The reasons of a note type. */
export const noteReasons = (type: NoteDocType): readonly NoteReasonEntry[] => (type === '07' ? CREDIT_NOTE_REASONS : DEBIT_NOTE_REASONS);

/** The reason `code` of a note type, or undefined when the catalogue does not list it. */
export const noteReason = (type: NoteDocType, code: string): NoteReasonEntry | undefined => noteReasons(type).find((r) => r.code === code);

/** "NOTA DE CRÉDITO ELECTRÓNICA" / "NOTA DE DÉBITO ELECTRÓNICA", as printed. */
export const noteTitle = (type: NoteDocType): string => (type === '07' ? 'NOTA DE CRÉDITO ELECTRÓNICA' : 'NOTA DE DÉBITO ELECTRÓNICA');

/**
 * The series letter of a note follows the document it modifies: B on a boleta (BC01), F on a factura (FC01)
 * (docs/sunat/notes.md, "Series and references").
 */
export const NOTE_SERIES_PATTERN = /^[BF][A-Z0-9]{3}$/;
export const seriesLetterOf = (modifiedDocType: '01' | '03'): 'B' | 'F' => (modifiedDocType === '01' ? 'F' : 'B');
