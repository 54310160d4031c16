// Bridge schemas of customer accounts (cuentas por cobrar): the credit limit a supervisor sets, a customer's account
// with its entries, collections (abonos) and the overdue list. Money crosses as decimal strings in soles. One schema,
// imported by the renderer, the bridge and the core.
import { z } from 'zod';
import { clientKeyField } from './client-key';

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** The customer an account belongs to: catálogo 06 type and number, as on the documents. */
export const AccountCustomerSchema = z.strictObject({
  docType: z.string({ error: 'Elija el tipo de documento del cliente' }).trim().regex(/^[0-9A-Z]$/, { error: 'Tipo de documento del cliente no válido' }),
  docNumber: z.string({ error: 'Ingrese el número de documento del cliente' }).trim().regex(/^[0-9A-Za-z-]{1,15}$/, { error: 'Número de documento del cliente no válido' }),
});
export type AccountCustomer = z.infer<typeof AccountCustomerSchema>;

const money = (what: string) =>
  z
    .string({ error: `Ingrese ${what}` })
    .trim()
    .regex(MONEY, { error: `${what.charAt(0).toUpperCase()}${what.slice(1)}: un monto con hasta 2 decimales (use punto decimal)` });

export const SetCreditLimitInputSchema = z.strictObject({
  ...clientKeyField,
  customer: AccountCustomerSchema,
  /** S/; '0' allows no credit without a supervisor. */
  limit: money('el límite de crédito'),
});

export const GetCustomerAccountInputSchema = z.strictObject({
  customer: AccountCustomerSchema,
  /** At most this many of the latest entries (all when absent). */
  limit: z.number().int().positive().max(100_000).optional(),
});

export const ACCOUNT_ENTRY_KINDS = ['charge', 'collection', 'note', 'void'] as const;
export type AccountEntryKind = (typeof ACCOUNT_ENTRY_KINDS)[number];
export const ACCOUNT_ENTRY_LABELS: Record<AccountEntryKind, string> = {
  charge: 'Venta al crédito',
  collection: 'Cobranza',
  note: 'Nota de crédito',
  void: 'Anulación',
};

export const AccountEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(ACCOUNT_ENTRY_KINDS),
  /** What is behind it, as printed: the sale or the note; a collection names the documents it paid. */
  document: z.string().nullable(),
  /** Signed: positive raises what is owed. */
  amount: z.string(),
  /** The balance right after it. */
  balance: z.string(),
  /** A collection's method, as the till names it. */
  method: z.string().nullable().default(null),
  /** What merging every till's entries did to it that its till did not see (another till had collected first). */
  note: z.string().optional(),
});
export type AccountEntry = z.infer<typeof AccountEntrySchema>;

/** An open due: a cuota of a factura al crédito, or a boleta on account. */
export const OpenDueSchema = z.object({
  document: z.string(),
  cuota: z.number().int(),
  dueDate: z.string(),
  amount: z.string(),
  open: z.string(),
  /** Days past its due date (0: not due yet). */
  daysLate: z.number().int(),
});
export type OpenDue = z.infer<typeof OpenDueSchema>;

export const CustomerAccountSchema = z.object({
  customer: z.object({ docType: z.string(), docNumber: z.string(), name: z.string() }),
  /** What the customer owes; negative: credit in favour. */
  balance: z.string(),
  /** Null: no limit set. */
  limit: z.string().nullable(),
  /** Open on dues past their date. */
  overdue: z.string(),
  /** Credit in favour not yet applied to any due. */
  inFavour: z.string(),
  dues: z.array(OpenDueSchema),
  entries: z.array(AccountEntrySchema),
});
export type CustomerAccount = z.infer<typeof CustomerAccountSchema>;

export const RecordCollectionInputSchema = z.strictObject({
  ...clientKeyField,
  customer: AccountCustomerSchema,
  amount: money('el monto').refine((s) => !/^0*(\.0*)?$/.test(s), { error: 'El monto debe ser mayor que cero' }),
  /** A payment method's code of Ajustes (efectivo, yape...). */
  method: z.string({ error: 'Elija el medio de pago' }).trim().min(1, { error: 'Elija el medio de pago' }).max(30),
  /** Pay this document first (its oldest open cuota first); absent: the oldest open due of the customer. */
  document: z
    .strictObject({
      series: z.string().trim().toUpperCase().regex(/^[0-9A-Z]{4}$/, { error: 'Serie no válida' }),
      number: z.union([z.string().trim().regex(/^\d{1,8}$/), z.number().int().positive()], { error: 'Número no válido' }).transform(Number),
    })
    .optional(),
});
export type RecordCollectionInput = z.input<typeof RecordCollectionInputSchema>;

export const CollectionSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  customer: z.object({ docType: z.string(), docNumber: z.string(), name: z.string() }),
  amount: z.string(),
  method: z.string(),
  methodLabel: z.string(),
  balanceBefore: z.string(),
  balanceAfter: z.string(),
  /** Due by due, in the order applied. */
  applied: z.array(z.object({ document: z.string(), cuota: z.number().int(), amount: z.string(), stillOpen: z.string() })),
  /** What was left as credit in favour (an overpayment). */
  inFavour: z.string(),
  /** What happened, in one sentence for the cashier. */
  message: z.string(),
  cashier: z.string().nullable(),
});
export type Collection = z.infer<typeof CollectionSchema>;

export const OverdueRowSchema = z.object({
  customer: z.object({ docType: z.string(), docNumber: z.string(), name: z.string() }),
  balance: z.string(),
  overdue: z.string(),
  /** Days since the oldest overdue due. */
  daysLate: z.number().int(),
  oldestDue: z.string(),
});
export type OverdueRow = z.infer<typeof OverdueRowSchema>;

export const accountsContract = {
  /** A supervisor sets how much credit a customer may carry. */
  setCreditLimit: { input: SetCreditLimitInputSchema, output: CustomerAccountSchema },
  getCustomerAccount: { input: GetCustomerAccountInputSchema, output: CustomerAccountSchema },
  /** A collection (abono) in the open cash session, applied to the oldest open due unless a document is picked. */
  recordCollection: { input: RecordCollectionInputSchema, output: CollectionSchema },
  /** A collection as recorded: its constancia printed again. */
  getCollection: { input: z.strictObject({ id: z.number().int().positive() }), output: CollectionSchema },
  /** Every customer with something past due, the latest first. */
  listOverdueAccounts: { input: z.strictObject({}), output: z.array(OverdueRowSchema) },
} as const;
