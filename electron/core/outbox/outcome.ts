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

/** What one send attempt means for the document (docs/architecture.md §2, step 4). */
export type SendOutcome =
  | { kind: 'final'; status: FinalStatus; answer?: AuthorityAnswer; message: string; cdrMissing?: boolean }
  | { kind: 'already_registered'; answer: AuthorityAnswer; message: string }
  | { kind: 'retry'; message: string; ambiguous: boolean; retryAfterMs?: number }
  | { kind: 'auth'; message: string }
  /** A person must look ("requiere atención"). With `recheck`, the outbox asks again later (a status check). */
  | { kind: 'attention'; message: string; recheck: boolean; ambiguous: boolean }
  /** The number is registered at SUNAT with something that is not provably ours. */
  | { kind: 'conflict'; message: string };

/**
 * An authority code (and its observations) as a final status, for the decision table in verdict.ts (CDR codes:
 * docs/sunat/reference.md §5): 0 without notes is accepted, 0 with notes or >= 4000 is accepted with observations,
 * 2000-3999 (and 1032, "already reported as rejected or voided") is rejected. Exceptions 0100-1999 are no verdict:
 * undefined (table A5 of verdict.ts treats them as possibly registered).
 */
export function finalStatusOf(code: string, notes: readonly string[] = []): FinalStatus | undefined {
  const n = Number.parseInt(code.trim(), 10);
  if (!/^\s*\d+\s*$/.test(code) || !Number.isFinite(n)) return undefined;
  if (n === 0) return notes.length > 0 ? 'observed' : 'accepted';
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

export function outcomeOfError(error: ApiError): SendOutcome {
  switch (error.kind) {
    case 'auth':
      return { kind: 'auth', message: error.message };
    case 'invalid':
      // 400: the API checked the body and refused it; nothing was declared. Any other 4xx is not part of the
      // contract: a person must look, and the outbox does not loop on it.
      if (error.status === undefined || error.status === 200 || error.status === 400 || error.status === 422) {
        return { kind: 'final', status: 'invalid', message: error.message };
      }
      return { kind: 'attention', recheck: false, ambiguous: false, message: error.message };
    case 'network':
    case 'timeout':
    case 'server':
      return { kind: 'retry', message: error.message, ambiguous: error.ambiguous, retryAfterMs: error.retryAfterMs };
    case 'malformed':
      // The request may have been processed: never resend blindly. The next attempt is a status check (a resend of
      // the same payload answers 1033 and goes through reconciliation), after a backoff.
      return { kind: 'attention', recheck: true, ambiguous: true, message: `Respuesta no reconocida: ${error.message}` };
    case 'not_found':
      return {
        kind: 'attention',
        recheck: true,
        ambiguous: false,
        message: `${error.message} Revise la dirección de la API en Ajustes.`,
      };
  }
}
