// The one decision: every way a document's final status is reached (the send's answer, the outbox's
// reconciliation after "already registered", the back office's CDR query) goes through `decide`. Its inputs are the
// evidence, its output the outcome. The same table is in docs/api/decision-table.md. A status is a claim to the user:
// "conflict" needs positive evidence (a field the record carries that differs, or a CDR naming another customer), and
// absent or unreadable evidence never advises re-issuing.
//
// A. The send's own answer (`kind: 'answer'`), first matching row:
//   A1 code 1033 or 0402 ("already registered")         -> gather evidence, decide by table B (already_registered)
//   A2 code 0 / >= 4000, success true                    -> accepted (0 without notes) or observed
//   A3 code 0 / >= 4000, success false                   -> attention, recheck (contradictory answer; possibly declared)
//   A4 code 2000-3999, or 1032                           -> rejected (the number is spent)
//   A5 code 0100-1999                                    -> retry, AMBIGUOUS: SUNAT may have registered it anyway, so
//                                                           the resend's 1033 is reconciled as possibly ours
//   A6 anything else (empty, not a number)               -> attention, recheck (possibly declared)
//
// B. The number is registered at SUNAT (`kind: 'registered'`): a 1033 on a send, or a CDR found by the CDR query.
//    possiblySent: an earlier attempt of ours may have reached the API (a lost answer, a crash while sending, a 5xx,
//    a 01xx). "ours": no field differs, the total is the same, and so is at least one of customer, date or lines.
//   B1 record: some field present and different          -> conflict (names the fields)
//   B2 CDR: recipient present and different              -> conflict
//   B3 CDR: reference present and different              -> the CDR is about another number: ignored (next rows)
//   B4 CDR: rejected (2000-3999, 1032)                   -> rejected (the number is spent, whoever sent it)
//   B5 record ours, possiblySent, CDR accepted/observed  -> accepted / observed, with that CDR
//   B6 record ours, possiblySent, state 1 (aceptado)     -> accepted, without CDR (cdrMissing)
//   B7 record ours, possiblySent, state 2 (anulado)      -> attention, no recheck (voided: a person decides)
//   B8 record ours, possiblySent, state 0 / unknown      -> attention, recheck (not valid yet, or rejected: ask again)
//   B9 record ours, never sent by this till              -> attention, no recheck (same data, but we did not send it)
//   B10 record could not be read (network, 5xx, auth)    -> retry (pending; the status check comes again)
//   B11 record not found, or carries too little          -> attention, recheck (not published yet): never "re-issue"
//   B11n a type with no record query (a note), possiblySent, CDR naming our number AND our customer, accepted/observed
//                                                        -> accepted / observed, with that CDR (before B11: the CDR is
//                                                           the only evidence a note can have; without SOL, B11)
//   B11 for a note: a resend can never add evidence, only a CDR can. Without SOL credentials it is not checked again
//   until they are saved; with them, it is checked again only up to NOTE_SENDS_WITHOUT_EVIDENCE sends.
import type { ReceiptState } from './receipt-state';
import { RECEIPT_STATE_TEXT } from './receipt-state';
import type { SendResult } from '../../../shared/api';
import { answerOf, finalStatusOf, type AuthorityAnswer, type SendOutcome } from './outcome';
import type { FieldCheck, FieldEvidence } from './record-match';

/**
 * How many times a note (no record query) is sent before a 1033 without a decisive CDR stops asking again: each
 * resend only draws another 1033, so past this a person asks for the CDR ("Obtener CDR").
 */
export const NOTE_SENDS_WITHOUT_EVIDENCE = 6;

/** Codes that say "this number is already registered": the document may be ours from an earlier attempt. */
export const ALREADY_REGISTERED: ReadonlySet<string> = new Set(['1033', '0402']);

export interface AnswerEvidence {
  kind: 'answer';
  answer: AuthorityAnswer;
  /** `authorityResponse.success` of the send result. */
  success: boolean;
}

export interface RecordEvidence {
  checks: FieldCheck[];
  state: ReceiptState;
  /** `indicadorEstado` as written, for the message. */
  indicator: string;
}

export interface CdrEvidence {
  answer: AuthorityAnswer;
  reference: FieldEvidence;
  recipient: FieldEvidence;
}

export interface RegisteredEvidence {
  kind: 'registered';
  /** 'B001-24', for the messages. */
  label: string;
  possiblySent: boolean;
  record: RecordEvidence | 'not_found' | 'unavailable';
  /** 'not_asked' without SOL credentials; 'unavailable' when the query failed (wrong credentials included). */
  cdr: CdrEvidence | 'not_found' | 'unavailable' | 'not_asked';
  /** Why the record could not be read, for the message. */
  why?: string;
  /** The API document has no record query for this type (credit and debit notes): the CDR is the only evidence. */
  noRecordQuery?: boolean;
  /** Sends of this document so far, this one included (bounds a note's checks, which only a CDR can settle). */
  sends?: number;
}

export type Evidence = AnswerEvidence | RegisteredEvidence;

export function decide(e: Evidence): SendOutcome {
  return e.kind === 'answer' ? decideAnswer(e) : decideRegistered(e);
}

function decideAnswer({ answer, success }: AnswerEvidence): SendOutcome {
  const text = `${answer.code} - ${answer.description}`;
  if (ALREADY_REGISTERED.has(answer.code)) return { kind: 'already_registered', answer, message: text }; // A1
  const status = finalStatusOf(answer.code, answer.notes);
  if ((status === 'accepted' || status === 'observed') && !success) {
    return {
      kind: 'attention', // A3
      recheck: true,
      ambiguous: true,
      message: `Respuesta contradictoria (código ${answer.code} sin aceptación): ${text}. Se consultará su estado.`,
    };
  }
  if (status) return { kind: 'final', status, answer, message: text }; // A2, A4
  if (!/^\d+$/.test(answer.code)) {
    // A6
    return { kind: 'attention', recheck: true, ambiguous: true, message: `Respuesta no reconocida (código "${answer.code}"): ${text}` };
  }
  // A5: 0100-1999. Usually "not processed", but SUNAT may have registered it: the resend is reconciled.
  return { kind: 'retry', message: `SUNAT no confirmó el comprobante (${text}); se volverá a enviar el mismo.`, ambiguous: true };
}

function differing(record: RegisteredEvidence['record']): string[] {
  return typeof record === 'string' ? [] : record.checks.filter((c) => c.verdict === 'different').map((c) => c.label);
}

/** No field differs, the total agrees, and so does at least one of customer, date or lines. */
function isOurs(record: RecordEvidence): boolean {
  const verdict = (label: string) => record.checks.find((c) => c.label === label)?.verdict;
  const lines = record.checks.filter((c) => c.label.startsWith('línea'));
  const linesSame = lines.length > 0 && lines.every((c) => c.verdict === 'same');
  return (
    differing(record).length === 0 &&
    verdict('importe total') === 'same' &&
    (verdict('cliente') === 'same' || verdict('fecha de emisión') === 'same' || linesSame)
  );
}

function absentFields(record: RecordEvidence): string[] {
  return record.checks.filter((c) => c.verdict === 'absent').map((c) => c.label);
}

const NO_REISSUE = 'No lo reemita: podría declararse dos veces.';

function decideRegistered(e: RegisteredEvidence): SendOutcome {
  const { label } = e;
  const diffs = differing(e.record);
  if (diffs.length > 0) {
    // B1
    return {
      kind: 'conflict',
      message:
        `El número ${label} está registrado en SUNAT con otros datos (${diffs.join(', ')}): ` +
        'el número está ocupado por otro comprobante. Reemítalo con un número nuevo.',
    };
  }
  const cdr = typeof e.cdr === 'string' || e.cdr.reference === 'different' ? undefined : e.cdr; // B3
  if (cdr?.recipient === 'different') {
    // B2
    return {
      kind: 'conflict',
      message: `La constancia (CDR) del número ${label} nombra a otro cliente: el número está ocupado por otro comprobante. Reemítalo con un número nuevo.`,
    };
  }
  const cdrStatus = cdr ? finalStatusOf(cdr.answer.code, cdr.answer.notes) : undefined;
  if (cdr && cdrStatus === 'rejected') {
    // B4
    return { kind: 'final', status: 'rejected', answer: cdr.answer, message: `Según el CDR del número ${label}: ${cdr.answer.code} - ${cdr.answer.description}` };
  }
  if (e.record === 'unavailable') {
    // B10
    return {
      kind: 'retry',
      ambiguous: false,
      message: `El número ${label} ya figura registrado y no se pudo consultar a SUNAT (${e.why ?? 'sin respuesta'}). Se volverá a consultar.`,
    };
  }
  if (e.noRecordQuery && e.possiblySent && cdr?.reference === 'same' && cdr.recipient === 'same' && (cdrStatus === 'accepted' || cdrStatus === 'observed')) {
    // B11n: no record can ever be read for a note; its CDR names this number and this customer, and this till sent it.
    return { kind: 'final', status: cdrStatus, answer: cdr.answer, message: `Conciliado por consulta de CDR: ${cdr.answer.code} - ${cdr.answer.description}` };
  }
  if (e.noRecordQuery && e.record === 'not_found') return noteWithoutEvidence(e);
  if (e.record === 'not_found' || !isOurs(e.record)) {
    // B11
    const why =
      e.record === 'not_found'
        ? 'la consulta no lo muestra como válido (puede haber sido rechazado, o aún no figura)'
        : `aún no se puede comprobar que sea esta venta (la consulta no muestra: ${absentFields(e.record).join(', ')})`;
    return {
      kind: 'attention',
      recheck: true,
      ambiguous: false,
      message:
        `SUNAT tiene registrado el número ${label}, pero ${why}. Se volverá a consultar; con la clave SOL, ` +
        `"Obtener CDR" muestra su resultado. ${NO_REISSUE}`,
    };
  }
  if (!e.possiblySent) {
    // B9
    return {
      kind: 'attention',
      recheck: false,
      ambiguous: false,
      message:
        `SUNAT tiene el número ${label} con los mismos datos de esta venta, aunque esta caja no registra haberlo enviado ` +
        `(¿otra caja con una copia de estos datos?). Revise con su proveedor. ${NO_REISSUE}`,
    };
  }
  if (cdr && (cdrStatus === 'accepted' || cdrStatus === 'observed')) {
    // B5
    return { kind: 'final', status: cdrStatus, answer: cdr.answer, message: `Conciliado por consulta de CDR: ${cdr.answer.code} - ${cdr.answer.description}` };
  }
  const { state, indicator } = e.record;
  if (state === 'accepted') {
    // B6
    return {
      kind: 'final',
      status: 'accepted',
      cdrMissing: true,
      message: 'Conciliado: SUNAT ya tenía registrado este comprobante con los mismos datos (sin CDR).',
      answer: { code: '0', description: 'Registrado previamente; conciliado por consulta de comprobante, sin CDR. Use "Obtener CDR".', notes: [] },
    };
  }
  // B7, B8
  return {
    kind: 'attention',
    recheck: state !== 'voided',
    ambiguous: false,
    message:
      `SUNAT tiene registrado el número ${label} con los datos de esta venta, pero ${RECEIPT_STATE_TEXT[state]} ` +
      `(indicador "${indicator || '-'}"). Obtenga el CDR con la clave SOL para conocer su resultado.`,
  };
}

/**
 * B11 for a note: no record query exists, so the next resend would only draw another 1033. Checked again only while a
 * CDR query can answer (SOL credentials saved), a bounded number of times; the note still counts against the sale.
 */
function noteWithoutEvidence(e: RegisteredEvidence): SendOutcome {
  const head = `SUNAT tiene registrado el número ${e.label}, pero para una nota no hay consulta de comprobante: solo su constancia (CDR) la confirma.`;
  if (e.cdr === 'not_asked') {
    return {
      kind: 'attention',
      recheck: false,
      ambiguous: false,
      message: `${head} Guarde la clave SOL (Documentos → Obtener CDR, con «Recordar») y Caja la consultará. ${NO_REISSUE}`,
    };
  }
  const again = (e.sends ?? 0) < NOTE_SENDS_WITHOUT_EVIDENCE;
  return {
    kind: 'attention',
    recheck: again,
    ambiguous: false,
    message: again
      ? `${head} Su CDR aún no la confirma; se volverá a consultar. ${NO_REISSUE}`
      : `${head} Se consultó ${e.sends ?? 0} veces sin un CDR que la confirme: use "Obtener CDR" más tarde. ${NO_REISSUE}`,
  };
}

/** A send result through table A. */
export function outcomeOfResult(result: SendResult): SendOutcome {
  return decide({ kind: 'answer', answer: answerOf(result), success: result.data.authorityResponse.success });
}
