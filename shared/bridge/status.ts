/** Life of a document in the local outbox (docs/architecture.md §2, step 4). The SQL CHECK in migrations/0003 repeats the list. */
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

/**
 * Documents not yet settled with SUNAT: they count as "waiting" in the status bar and are never lost by a restore.
 * 'attention' and 'conflict' wait for a person; the others wait for the outbox.
 */
export const OPEN_STATUSES: readonly DocStatus[] = ['pending', 'sending', 'blocked_auth', 'attention', 'conflict'];

/**
 * Documents that need a person: the status bar counts them as "Requieren atención" and the Documentos
 * filter of that name lists them, until they are re-issued (a re-issued one is resolved: its replacement carries
 * the sale). The SQL of migrations/0013 repeats the list.
 */
export const NEEDS_ATTENTION_STATUSES: readonly DocStatus[] = ['attention', 'conflict', 'rejected', 'invalid'];

/** The Documentos filter value that lists every status of NEEDS_ATTENTION_STATUSES not yet re-issued. */
export const NEEDS_ATTENTION_FILTER = 'needs_attention';

/**
 * Issued but without tax validity: SUNAT rejected it (its number is spent), or the API refused it and
 * nothing was declared. Printed "RECHAZADO" / "NO DECLARADO", and kept apart from the declared sales of the reports.
 */
export const NOT_DECLARED_STATUSES: readonly DocStatus[] = ['rejected', 'invalid'];

/** Statuses whose sale may be issued again under a new number ("Reemitir"). */
export const REISSUABLE_STATUSES: readonly DocStatus[] = ['conflict', 'rejected', 'invalid'];

/** The mark a printed document without tax validity carries, near the top. */
export const NOT_DECLARED_MARKS: Partial<Record<DocStatus, string>> = { rejected: 'RECHAZADO', invalid: 'NO DECLARADO' };

/** Each status in one plain sentence, for the back office. */
export const DOC_STATUS_EXPLANATIONS: Record<DocStatus, string> = {
  pending: 'Emitido en esta caja y esperando su envío a SUNAT; Caja lo envía sola en cuanto pueda.',
  sending: 'Caja lo está enviando a SUNAT en este momento.',
  accepted: 'SUNAT lo aceptó: es un comprobante válido.',
  observed: 'SUNAT lo aceptó con observaciones: es válido, pero revise las observaciones para los próximos.',
  rejected: 'SUNAT registró este número y rechazó el comprobante: no tiene validez tributaria y su número ya no se puede usar; reemítalo con un número nuevo.',
  invalid: 'La API no aceptó el envío y nada se declaró a SUNAT: reenvíelo si el problema era de la cuenta (por ejemplo, un certificado vencido), corrija los datos del cliente y reenvíelo con el mismo número, o reemítalo con un número nuevo.',
  blocked_auth: 'El envío está detenido porque la API rechazó el token; se reanuda al corregirlo en Ajustes.',
  attention: 'La respuesta de SUNAT no fue clara: Caja consulta su estado antes de hacer nada más, sin declararlo dos veces.',
  conflict: 'SUNAT ya tiene otro comprobante con este número: reemita esta venta con un número nuevo.',
};
