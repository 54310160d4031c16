// The allowed status changes of a document: every updateStatus names where it may come from, so that a late answer
// can never turn a settled document back into a pending one, nor an accepted one into anything else.
import type { DocumentStatus } from '../types';
import { StoreError } from '../errors';

/** Same-status updates are always allowed (e.g. a CDR stored later on an accepted document). */
const ALLOWED_FROM: Record<DocumentStatus, readonly DocumentStatus[]> = {
  // back to the queue: a crash, a requeue after auth, a manual retry, a failed record(); and a document
  // the API refused, resent as it is or with its customer corrected: nothing of it was declared
  pending: ['sending', 'blocked_auth', 'attention', 'invalid'],
  // the claim uses its own guarded UPDATE; listed for completeness
  sending: ['pending', 'attention', 'blocked_auth'],
  // outcomes of a send, or of a CDR query on a document still open
  accepted: ['sending', 'pending', 'blocked_auth', 'attention'],
  // 'accepted' only for a document reconciled without a CDR, whose CDR arrives later (LookupsService.attach)
  observed: ['sending', 'pending', 'blocked_auth', 'attention', 'accepted'],
  rejected: ['sending', 'pending', 'blocked_auth', 'attention', 'accepted'],
  invalid: ['sending', 'pending', 'attention'],
  blocked_auth: ['sending'],
  attention: ['sending', 'pending'],
  // from an open document too: the back office's CDR query can prove the number taken (LookupsService.attach)
  conflict: ['sending', 'attention', 'pending', 'blocked_auth'],
};

export function canTransition(from: DocumentStatus, to: DocumentStatus): boolean {
  return from === to || (ALLOWED_FROM[to] ?? []).includes(from);
}

export function assertTransition(from: DocumentStatus, to: DocumentStatus, label: string): void {
  if (!canTransition(from, to)) {
    throw new StoreError('bad_transition', `El comprobante ${label} no puede pasar de "${from}" a "${to}".`);
  }
}
