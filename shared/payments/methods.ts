// The shop's payment methods: efectivo, cards, Yape, Plin, transfer... They are the shop's own record of how
// a sale was paid, printed on the ticket and counted in the shift. They never reach SUNAT: the API's forma_pago keeps
// CONTADO/CREDITO exactly as before (shared/billing/build-invoice.ts).
import { z } from 'zod';
import { requiredText } from '../billing/schema-fields';

/** What a method is, which decides the rules: only cash gives change; cards and wallets carry an operation number. */
export const PAYMENT_KINDS = ['cash', 'card', 'wallet', 'transfer', 'other'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  cash: 'Efectivo',
  card: 'Tarjeta',
  wallet: 'Billetera digital',
  transfer: 'Transferencia',
  other: 'Otro',
};

export const PaymentMethodCodeSchema = z
  .string({ error: 'Medio de pago no válido' })
  .regex(/^[a-z0-9_]{2,20}$/, { error: 'Medio de pago no válido' });

export const PaymentMethodSchema = z.strictObject({
  code: PaymentMethodCodeSchema,
  label: requiredText('Ingrese el nombre del medio de pago', 30, 'El nombre admite como máximo 30 caracteres'),
  kind: z.enum(PAYMENT_KINDS, { error: 'Elija el tipo del medio de pago' }),
  active: z.boolean({ error: 'Indique si el medio de pago está activo' }),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** The list of Ajustes: unique codes, and one active cash method at least (change and the drawer need it). */
export const PaymentMethodsSchema = z
  .array(PaymentMethodSchema)
  .min(1, { error: 'Debe haber al menos un medio de pago' })
  .max(20, { error: 'Como máximo 20 medios de pago' })
  .superRefine((methods, ctx) => {
    const seen = new Set<string>();
    methods.forEach((method, index) => {
      if (seen.has(method.code)) ctx.addIssue({ code: 'custom', path: [index, 'code'], message: `El código ${method.code} está repetido` });
      seen.add(method.code);
    });
    if (!methods.some((m) => m.kind === 'cash' && m.active)) {
      ctx.addIssue({ code: 'custom', message: 'Debe quedar activo al menos un medio de pago en efectivo' });
    }
  });

/** What a new shop starts with (the methods Peruvian shops take). */
export const DEFAULT_PAYMENT_METHODS: readonly PaymentMethod[] = [
  { code: 'efectivo', label: 'Efectivo', kind: 'cash', active: true },
  { code: 'debito', label: 'Tarjeta de débito', kind: 'card', active: true },
  { code: 'credito', label: 'Tarjeta de crédito', kind: 'card', active: true },
  { code: 'yape', label: 'Yape', kind: 'wallet', active: true },
  { code: 'plin', label: 'Plin', kind: 'wallet', active: true },
  { code: 'transferencia', label: 'Transferencia', kind: 'transfer', active: true },
];

/** A code for a method the owner adds by name: 'Tarjeta Ripley' → 'tarjeta_ripley', unique within `taken`. */
export function methodCodeFor(label: string, taken: ReadonlySet<string>): string {
  const base = label.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 16) || 'medio';
  const padded = base.length < 2 ? `${base}_p` : base;
  let code = padded;
  for (let n = 2; taken.has(code); n += 1) code = `${padded}_${n}`;
  return code;
}
