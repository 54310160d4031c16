import type { SendResult } from '../../../shared/api';
import type { DocStatus } from '../../../shared/bridge/status';
import type { ApiError } from '../api';

/** What the authority said about a document, from a send result or a reconciliation. */
export interface AuthorityAnswer {
  code: string;
  description: string;
  notes: string[];
  /** Base64 CDR zip, when one came. */
  cdrZip?: string;
  hash?: string;
}

export type FinalStatus = Extract<DocStatus, 'accepted' | 'observed' | 'rejected' | 'invalid'>;

/** What one send attempt means for the document (architecture §2.4). */
export type SendOutcome =
  | { kind: 'final'; status: FinalStatus; answer?: AuthorityAnswer; message: string }
  | { kind: 'already_registered'; answer: AuthorityAnswer; message: string }
  | { kind: 'retry'; message: string; ambiguous: boolean }
  | { kind: 'auth'; message: string };

/** Codes that say "this number is already registered": the document may be ours from an earlier attempt. */
const ALREADY_REGISTERED = new Set(['1033', '0402']);

/** Status an authority code leads to, or undefined for exceptions (0100-1999: not processed). */
export function statusOfCode(code: string): FinalStatus | undefined {
  const n = Number.parseInt(code.trim(), 10);
  if (!Number.isFinite(n)) return undefined;
  if (n === 0) return 'accepted';
  if (n >= 4000) return 'observed';
  if (n >= 2000 || n === 1032) return 'rejected';
  return undefined;
}

export function answerOf(result: SendResult): AuthorityAnswer {
  const { authorityResponse } = result.data;
  const cdr = authorityResponse.cdrResponse;
  return {
    code: cdr.code.trim(),
    description: cdr.description,
    notes: cdr.notes,
    cdrZip: authorityResponse.cdrZip || undefined,
    hash: result.data.hash || undefined,
  };
}

export function outcomeOfResult(result: SendResult): SendOutcome {
  const answer = answerOf(result);
  const text = `${answer.code} - ${answer.description}`;
  if (ALREADY_REGISTERED.has(answer.code)) return { kind: 'already_registered', answer, message: text };
  const status = statusOfCode(answer.code);
  if (status === 'accepted' && !result.data.authorityResponse.success) {
    return { kind: 'retry', message: `Respuesta contradictoria (código 0 sin aceptación): ${text}`, ambiguous: true };
  }
  // Code 0 with notes is SUNAT's "accepted with observations".
  if (status === 'accepted' && answer.notes.length > 0) return { kind: 'final', status: 'observed', answer, message: text };
  if (status) return { kind: 'final', status, answer, message: text };
  if (!/^\d+$/.test(answer.code)) return { kind: 'retry', message: `Código de respuesta desconocido: ${text}`, ambiguous: true };
  // 0100-1999: exceptions. SUNAT did not process the document: send the same document again later.
  return { kind: 'retry', message: `SUNAT no procesó el comprobante: ${text}`, ambiguous: false };
}

export function outcomeOfError(error: ApiError): SendOutcome {
  switch (error.kind) {
    case 'auth':
      return { kind: 'auth', message: error.message };
    case 'invalid':
      return { kind: 'final', status: 'invalid', message: error.message };
    case 'network':
    case 'timeout':
    case 'malformed':
      return { kind: 'retry', message: error.message, ambiguous: true };
    case 'server':
    case 'not_found':
      return { kind: 'retry', message: error.message, ambiguous: false };
  }
}
