// Payments by app (Yape, Plin) or bank transfer reach the shop's wallet or account with an operation number, which is
// how the owner matches each one with the statement. Asked by default; Ajustes → Venta can make it optional. Cards keep
// it optional: their voucher is the record.
import type { PaymentKind, PaymentMethod } from './methods';

export const OPERATION_NUMBER_KINDS: ReadonlySet<PaymentKind> = new Set<PaymentKind>(['wallet', 'transfer']);

/** What the field says when it is empty. */
export const OPERATION_NUMBER_MISSING = 'Ingrese el número de operación';

/** The refusal of a sale: which payment lacks it, and where the cashier finds it. */
export const operationNumberMessage = (label: string): string =>
  `Falta el número de operación del pago con ${label}: cópielo de la constancia que muestra el cliente.`;

/** The payments (index in `tenders`, the method's name) that need an operation number and have none. */
export function missingOperationNumbers(
  tenders: readonly { method: string; reference?: string | undefined }[],
  methods: readonly PaymentMethod[],
): { index: number; label: string }[] {
  const byCode = new Map(methods.map((m) => [m.code, m]));
  return tenders.flatMap((tender, index) => {
    const method = byCode.get(tender.method);
    return method && OPERATION_NUMBER_KINDS.has(method.kind) && (tender.reference ?? '').trim() === '' ? [{ index, label: method.label }] : [];
  });
}
