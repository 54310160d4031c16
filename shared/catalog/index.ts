export { labelOf, findEntry, isCodeOf, type CatalogEntry } from './entry';
export { DOC_TYPES, ISSUED_DOC_TYPES, type DocType, type DocTypeEntry, type IssuedDocType } from './doc-types';
export { IDENTITY_DOC_TYPES, type IdentityDocType, type IdentityDocTypeEntry } from './identity-doc-types';
export { AFFECTATIONS, type AffectationCode, type AffectationEntry } from './affectations';
export { OPERATION_TYPES, DEFAULT_OPERATION_TYPE, type OperationTypeCode } from './operation-types';
export { LEGENDS, AMOUNT_IN_WORDS_LEGEND, type LegendCode } from './legends';
export { UNITS, type UnitCode, type UnitEntry } from './units';
export { CURRENCIES, type CurrencyCode, type CurrencyEntry } from './currencies';
export { IGV_GENERAL_RATE, igvRateFor, icbperFactorFor, type IgvRegime } from './rates';
export { LIMA_OFFSET, parseIsoInstant, isIsoDate, limaDateTime, limaDate, limaDateOf } from './lima-time';
export { parseDayText, formatDayText } from './day-text';
export { SCALE_MODES, readScaleLabel, type ScaleLabel, type ScaleMode } from './scale-barcode';
export {
  CREDIT_NOTE_REASONS, DEBIT_NOTE_REASONS, NOTE_SERIES_PATTERN, cancellingNote, noteReason, noteReasons, noteTitle, seriesLetterOf,
  type NoteDocType, type NoteMode, type NoteReasonEntry,
} from './note-reasons';
