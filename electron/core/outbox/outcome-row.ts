// What an outcome of a send writes to its document: the status patch and the audit event's words (the outbox commits
// them in its group commit, worker.ts), and the CDR columns of a final answer, unzipped before the commit so the
// transaction holds only the writes.
import { isRefusedCdr, unzipCdr } from '../cdr';
import type { DocumentRow, StatusPatch } from '../db';
import type { AuthorityAnswer, SendOutcome } from './outcome';

/** The CDR and authority columns of a final answer, and why its CDR could not be kept when it could not. */
export interface CdrColumns {
  unreadable: string | undefined;
  hash?: string | null;
  cdr_code?: string | null;
  cdr_description?: string | null;
  cdr_notes?: string[] | null;
  cdr_zip?: Buffer | null;
  cdr_xml?: string | null;
}

/** When the next attempt is due after `attempts`, no sooner than `atLeastMs` from now (ISO instant). */
export type RetryAt = (attempts: number, atLeastMs?: number) => string;

/** The status patch and event detail `outcome` writes to `doc`, sent at `at`. */
export function outcomeRow(
  doc: DocumentRow,
  outcome: SendOutcome,
  at: string,
  cdr: CdrColumns | undefined,
  retryAt: RetryAt,
): { patch: StatusPatch; detail: string } {
  const attempts = doc.attempts + 1;
  switch (outcome.kind) {
    case 'final': {
      const { unreadable, ...columns } = cdr ?? { unreadable: undefined };
      return {
        patch: {
          status: outcome.status,
          attempts,
          last_attempt_at: at,
          next_attempt_at: null,
          last_error: outcome.status === 'accepted' ? null : outcome.message,
          ...columns,
          accepted_at: outcome.status === 'accepted' || outcome.status === 'observed' ? at : null,
          cdr_missing: outcome.cdrMissing === true,
        },
        detail: unreadable ? `${outcome.message} ${unreadable}` : outcome.message,
      };
    }
    case 'auth':
      return { patch: { status: 'blocked_auth', attempts, last_attempt_at: at, last_error: outcome.message }, detail: outcome.message };
    case 'retry':
    case 'already_registered':
      return {
        patch: {
          status: 'pending',
          attempts,
          last_attempt_at: at,
          next_attempt_at: retryAt(attempts, outcome.kind === 'retry' ? outcome.retryAfterMs : 0),
          last_error: outcome.message,
          uncertain: doc.uncertain === 1 || (outcome.kind === 'retry' && outcome.ambiguous),
        },
        detail: outcome.message,
      };
    case 'attention':
      return {
        patch: {
          status: 'attention',
          attempts,
          last_attempt_at: at,
          next_attempt_at: outcome.recheck ? retryAt(attempts) : null,
          last_error: outcome.message,
          uncertain: doc.uncertain === 1 || outcome.ambiguous,
        },
        detail: outcome.message,
      };
    case 'conflict':
      return {
        patch: { status: 'conflict', attempts, last_attempt_at: at, next_attempt_at: null, last_error: outcome.message },
        detail: outcome.message,
      };
  }
}

/** The CDR and authority columns to store for a final outcome: zip, unzipped XML, code, description, notes, hash. */
export async function cdrColumns(answer: AuthorityAnswer | undefined): Promise<CdrColumns> {
  if (!answer) return { unreadable: undefined };
  let cdrXml: string | null = null;
  let keepZip = true;
  let unreadable: string | undefined;
  if (answer.cdrZip) {
    try {
      cdrXml = (await unzipCdr(answer.cdrZip)).xml;
    } catch (e) {
      cdrXml = null; // the answer itself is authoritative; a broken zip is kept as received for later inspection
      // A zip the bounded reader refused (a bomb) is neither kept nor replicated, backed up or exported; the
      // status still comes from the answer, and the event says why there is no CDR.
      if (isRefusedCdr(e)) {
        keepZip = false;
        unreadable = `${e.message} El estado se tomó de la respuesta de la API; el CDR puede pedirse otra vez en Consultas → CDR.`;
      }
    }
  }
  return {
    unreadable,
    hash: answer.hash ?? null,
    cdr_code: answer.code,
    cdr_description: answer.description,
    cdr_notes: answer.notes,
    cdr_zip: answer.cdrZip && keepZip ? Buffer.from(answer.cdrZip, 'base64') : null,
    cdr_xml: cdrXml,
  };
}
