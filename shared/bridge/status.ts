/** Life of a document in the local outbox (architecture §2.4). The SQL CHECK in migrations/0003 repeats the list. */
export const DOC_STATUSES = [
  'pending',
  'sending',
  'accepted',
  'observed',
  'rejected',
  'invalid',
  'blocked_auth',
  'attention',
  'conflict',
] as const;
export type DocStatus = (typeof DOC_STATUSES)[number];

/** Spanish labels for badges and messages. */
export const DOC_STATUS_LABELS: Record<DocStatus, string> = {
  pending: 'Pendiente',
  sending: 'Enviando',
  accepted: 'Aceptado',
  observed: 'Observado',
  rejected: 'Rechazado',
  invalid: 'Inválido',
  blocked_auth: 'Bloqueado',
  attention: 'Requiere atención',
  conflict: 'Número ocupado',
};

/** States after which the document needs nothing more from the outbox. */
export const FINAL_STATUSES: ReadonlySet<DocStatus> = new Set(['accepted', 'observed', 'rejected', 'invalid']);

/**
 * Documents not yet settled with SUNAT: they count as "waiting" in the status bar and are never lost by a restore.
 * 'attention' and 'conflict' wait for a person; the others wait for the outbox.
 */
export const OPEN_STATUSES: readonly DocStatus[] = ['pending', 'sending', 'blocked_auth', 'attention', 'conflict'];
