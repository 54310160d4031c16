// The decision for a void request, the voiding section of docs/api/decision-table.md (§ Voiding). It reuses
// the invoice's pieces: authority codes read by finalStatusOf, transport failures by outcomeOfError (the same
// Retry-After, the same "a 5xx or a lost answer may have reached the API"). "Anulado" needs SUNAT's evidence: an
// accepting answer (V1), or the record's state 2 "anulado" (W1). Absent evidence never claims it and never advises.
//
// V. The answer of summary/cancel or voided/cancel, first matching row:
//   V1 code 0 / >= 4000, success true                -> voided
//   V2 code 0 / >= 4000, success false               -> attention, checked again (contradictory; possibly voided)
//   V3 code 1032, 1033 or 0402 ("already reported")  -> ask the record (table W)
//   V4 code 2000-3999                                -> refused: SUNAT did not void it, the document stays valid
//   V5 code 0100-1999                                -> retry, possibly sent (the next attempt asks the record first)
//   V6 anything else                                 -> attention, checked again, possibly sent
// W. The record's state (indicadorEstado), asked after V3 or before resending a request that may have been sent:
//   W1 2 (anulado)                                   -> voided
//   W2 1 (aceptado), before a resend                 -> send the same request again
//   W3 1 (aceptado), after V3                        -> attention, checked again (reported but not yet voided)
//   W4 not found, 0 or unknown                       -> attention, checked again (never "voided", never resent blind)
//   W5 the record could not be read                  -> retry (the check comes again)
import type { ReceiptRecord, SendResult } from '../../../shared/api';
import type { ApiError } from '../api';
import { answerOf, finalStatusOf, outcomeOfError } from '../outbox/outcome';
import { receiptStateOf, RECEIPT_STATE_TEXT } from '../outbox/receipt-state';
import { ALREADY_REGISTERED } from '../outbox/verdict';

export type VoidOutcome =
  | { kind: 'voided'; code: string; text: string; message: string }
  | { kind: 'refused'; code: string; text: string; message: string }
  /** The API refused the request before SUNAT (400, or 200 with success false): nothing was voided. */
  | { kind: 'invalid'; message: string }
  /** "Already reported": the record decides (table W). */
  | { kind: 'check'; code: string; text: string; message: string }
  | { kind: 'retry'; message: string; ambiguous: boolean; retryAfterMs?: number }
  | { kind: 'attention'; message: string; ambiguous: boolean };

const ALREADY_REPORTED = new Set([...ALREADY_REGISTERED, '1032']);
const NO_SECOND = 'No solicite otra anulación: Caja vuelve a consultar.';

/** Table V: the void's own answer. */
export function decideVoidAnswer(result: SendResult): VoidOutcome {
  const answer = answerOf(result);
  const success = result.data.authorityResponse.success;
  const text = `${answer.code} - ${answer.description}`;
  if (ALREADY_REPORTED.has(answer.code)) return { kind: 'check', code: answer.code, text: answer.description, message: text }; // V3
  const status = finalStatusOf(answer.code, answer.notes);
  if (status === 'accepted' || status === 'observed') {
    if (success) return { kind: 'voided', code: answer.code, text: answer.description, message: `SUNAT aceptó la anulación: ${text}` }; // V1
    return { kind: 'attention', ambiguous: true, message: `Respuesta contradictoria a la anulación (código ${answer.code} sin aceptación): ${text}. ${NO_SECOND}` }; // V2
  }
  if (status === 'rejected') {
    // V4
    return { kind: 'refused', code: answer.code, text: answer.description, message: `SUNAT rechazó la anulación: ${text}. El comprobante sigue vigente.` };
  }
  if (/^\d+$/.test(answer.code)) return { kind: 'retry', ambiguous: true, message: `SUNAT no confirmó la anulación (${text}); se volverá a consultar.` }; // V5
  return { kind: 'attention', ambiguous: true, message: `Respuesta no reconocida a la anulación (código "${answer.code}"): ${text}. ${NO_SECOND}` }; // V6
}

/** A failed exchange, read as the outbox reads it (outcome.ts): never a verdict on the void. */
export function decideVoidError(error: ApiError): VoidOutcome {
  const o = outcomeOfError(error);
  switch (o.kind) {
    case 'final':
      return { kind: 'invalid', message: `La API no aceptó la anulación: ${o.message}` };
    case 'auth':
      return { kind: 'retry', ambiguous: false, message: `${o.message} La anulación se enviará cuando el token funcione.` };
    case 'retry':
      return { kind: 'retry', ambiguous: o.ambiguous, message: o.message, ...(o.retryAfterMs ? { retryAfterMs: o.retryAfterMs } : {}) };
    default:
      return { kind: 'attention', ambiguous: o.kind === 'attention' ? o.ambiguous : true, message: `${o.message} ${NO_SECOND}` };
  }
}

export type RecordLookup = { kind: 'record'; record: ReceiptRecord } | { kind: 'not_found' } | { kind: 'unavailable'; why: string };

/** Table W. `beforeResend`: asked because an earlier attempt may have been sent, not after an "already reported". */
export function decideVoidRecord(found: RecordLookup, label: string, beforeResend: boolean): VoidOutcome | { kind: 'send' } {
  if (found.kind === 'unavailable') {
    return { kind: 'retry', ambiguous: false, message: `No se pudo consultar a SUNAT si ${label} ya figura anulado (${found.why}). Se volverá a consultar.` }; // W5
  }
  const indicator = found.kind === 'record' ? String(found.record.indicadorEstado ?? '') : '';
  const state = found.kind === 'record' ? receiptStateOf(indicator) : undefined;
  if (state === 'voided') return { kind: 'voided', code: '0', text: `Consulta: ${RECEIPT_STATE_TEXT.voided}`, message: `Conciliado: SUNAT muestra ${label} anulado (indicador "${indicator}").` }; // W1
  if (state === 'accepted') {
    if (beforeResend) return { kind: 'send' }; // W2
    return {
      kind: 'attention',
      ambiguous: true,
      message: `SUNAT indica que la anulación de ${label} ya fue informada, pero el comprobante aún figura aceptado. ${NO_SECOND}`,
    }; // W3
  }
  const why = found.kind === 'not_found' ? 'la consulta no lo encuentra' : `la consulta lo muestra ${RECEIPT_STATE_TEXT[state ?? 'unknown']} (indicador "${indicator || '-'}")`;
  return { kind: 'attention', ambiguous: true, message: `No se puede confirmar la anulación de ${label}: ${why}. ${NO_SECOND}` }; // W4
}
