/** Life of a document in the local outbox (architecture §2.4). */
export const DOC_STATUSES = ['pending', 'sending', 'accepted', 'observed', 'rejected', 'invalid', 'blocked_auth'] as const;
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
};

/** States after which the document needs nothing more from the outbox. */
export const FINAL_STATUSES: ReadonlySet<DocStatus> = new Set(['accepted', 'observed', 'rejected', 'invalid']);
