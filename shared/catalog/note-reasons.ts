// SUNAT's catálogo 09 (reasons for a credit note, 07) and catálogo 10 (reasons for a debit note, 08), as listed in
// docs/sunat/notes.md. Each reason says how its note is built from the document it modifies:
//   whole  — every line at its full quantity (anulación, devolución total): only while nothing was credited before;
//   lines  — some lines and quantities (devolución por ítem);
//   amount — one line for a sum (descuentos, disminución o aumento en el valor, intereses, penalidades).
import type { CatalogEntry } from './entry';

export type NoteMode = 'whole' | 'lines' | 'amount';
export type NoteDocType = '07' | '08';

export interface NoteReasonEntry extends CatalogEntry {
  readonly mode: NoteMode;
  /**
   * Why Caja does not issue this reason (Spanish, for the cashier): SUNAT accepts it only with what a shop's sale never
   * has. Such a reason stays listed so notes already issued under it still read with their label, but it is not
   * offered and the core refuses it.
   */
  readonly refusal?: string;
  /** What SUNAT answers when this reason modifies a boleta (accepted, with an observation). */
  readonly onBoleta?: string;
}

const OBSERVED_ON_BOLETA = 'En una boleta, SUNAT acepta este motivo con una observación (4367).';

/** Catálogo 09. */
export const CREDIT_NOTE_REASONS = [
  { code: '01', label: 'Anulación de la operación', mode: 'whole' },
  { code: '02', label: 'Anulación por error en el RUC', mode: 'whole' },
  { code: '03', label: 'Corrección por error en la descripción', mode: 'lines' },
  { code: '04', label: 'Descuento global', mode: 'amount', onBoleta: OBSERVED_ON_BOLETA },
  { code: '05', label: 'Descuento por ítem', mode: 'amount', onBoleta: OBSERVED_ON_BOLETA },
  { code: '06', label: 'Devolución total', mode: 'whole' },
  { code: '07', label: 'Devolución por ítem', mode: 'lines' },
  { code: '08', label: 'Bonificación', mode: 'amount', onBoleta: OBSERVED_ON_BOLETA },
  { code: '09', label: 'Disminución en el valor', mode: 'amount' },
  { code: '10', label: 'Otros conceptos', mode: 'amount' },
  // SUNAT wants every line of a reason 11 note under affectation 40 (exportación), of a reason 12 note under 17 (IVAP),
  // and reason 13 only on a factura al crédito, with IGV 0 and the new instalments: a shop sells none of these.
  {
    code: '11', label: 'Ajustes de operaciones de exportación', mode: 'amount',
    refusal: 'Caja no emite notas por ajustes de exportación (motivo 11): SUNAT exige que cada línea sea una exportación (afectación 40) y esta tienda no exporta.',
  },
  {
    code: '12', label: 'Ajustes afectos al IVAP', mode: 'amount',
    refusal: 'Caja no emite notas por ajustes afectos al IVAP (motivo 12): SUNAT exige que cada línea esté afecta al IVAP (afectación 17) y esta tienda no vende con IVAP.',
  },
  {
    code: '13', label: 'Corrección del monto neto pendiente de pago y/o fechas de vencimiento de cuotas', mode: 'amount',
    refusal: 'Caja no emite notas de motivo 13 (corrección del monto pendiente o de las cuotas): SUNAT solo la acepta sobre una factura al crédito, con IGV 0 y las cuotas nuevas. Use otro motivo.',
  },
] as const satisfies readonly NoteReasonEntry[];

/** Catálogo 10: a shop needs only 01–03 (docs/sunat/notes.md). A debit note is always for an amount. */
export const DEBIT_NOTE_REASONS = [
  { code: '01', label: 'Intereses por mora', mode: 'amount' },
  { code: '02', label: 'Aumento en el valor', mode: 'amount' },
  { code: '03', label: 'Penalidades / otros conceptos', mode: 'amount' },
] as const satisfies readonly NoteReasonEntry[];

/** The reasons of a note type. */
export const noteReasons = (type: NoteDocType): readonly NoteReasonEntry[] => (type === '07' ? CREDIT_NOTE_REASONS : DEBIT_NOTE_REASONS);

/** The reasons a cashier may choose: those Caja can build. */
export const offeredNoteReasons = (type: NoteDocType): readonly NoteReasonEntry[] => noteReasons(type).filter((r) => r.refusal === undefined);

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

/**
 * The credit note that undid a document whole (a reason of mode 'whole': 01, 02, 06), once SUNAT accepted it: the
 * document then says "Anulado mediante la nota de crédito …" wherever it is shown. A note still waiting or refused is
 * no such evidence.
 */
export function cancellingNote<T extends { docType: string; status: string; reason: string | null }>(notes: readonly T[]): T | undefined {
  return notes.find((n) => n.docType === '07' && (n.status === 'accepted' || n.status === 'observed') && n.reason !== null && noteReason('07', n.reason)?.mode === 'whole');
}
