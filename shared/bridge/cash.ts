// The cash session across the bridge: open with a float, cash in and out, the X report, the count and Z.
import { z } from 'zod';
import { CashMovementSchema, CashReportSchema, CashSessionSchema, CASH_MOVEMENT_KINDS, cashAmount, DenominationCountSchema, MovementReasonSchema } from '../cash';
import { SalesReportInputSchema, SalesReportSchema } from '../cash';
import { FileSchema } from './documents';
import { ApprovalSchema } from './users';
import { clientKeyField } from './client-key';

const NoInput = z.strictObject({});

export const CashStateSchema = z.object({
  /** The open session of this till, or null. */
  session: CashSessionSchema.nullable(),
  /** Whether selling needs an open session (Ajustes → Caja). */
  required: z.boolean(),
});
export type CashState = z.infer<typeof CashStateSchema>;

// Each write carries the window's idempotency key (shared/bridge/writes.ts): a retry after the core died answers the
// same session, movement or Z instead of opening, recording or closing again.
export const OpenCashSessionInputSchema = z.strictObject({ openingFloat: cashAmount('el fondo de caja'), ...clientKeyField });

export const CashMovementInputSchema = z.strictObject({
  kind: z.enum(CASH_MOVEMENT_KINDS, { error: 'Elija ingreso o retiro' }),
  amount: cashAmount('el monto', true),
  reason: MovementReasonSchema,
  /** A cash out by a cashier needs a supervisor's PIN. */
  approval: ApprovalSchema.optional(),
  ...clientKeyField,
});
export type CashMovementInput = z.input<typeof CashMovementInputSchema>;

/** The count at the close: the cash counted, or the count by denomination (then its total is the count). */
export const CloseCashSessionInputSchema = z
  .strictObject({
    countedCash: cashAmount('el efectivo contado').optional(),
    denominations: DenominationCountSchema.optional(),
    /** The dollars counted in the drawer, when dollar sales put some there (the Z counts each currency). */
    countedDollars: cashAmount('los dólares contados').optional(),
    /** Closing a session another cashier opened needs a supervisor's PIN. */
    approval: ApprovalSchema.optional(),
    ...clientKeyField,
  })
  .refine((v) => v.countedCash !== undefined || v.denominations !== undefined, {
    path: ['countedCash'],
    error: 'Ingrese el efectivo contado',
  });
export type CloseCashSessionInput = z.input<typeof CloseCashSessionInputSchema>;

export const CashReportInputSchema = z.strictObject({
  /** Default: the open session of this till (an X). A closed session answers its kept Z. */
  sessionId: z.number().int().positive().optional(),
});

export const cashContract = {
  getCashState: { input: NoInput, output: CashStateSchema },
  openCashSession: { input: OpenCashSessionInputSchema, output: CashSessionSchema },
  addCashMovement: { input: CashMovementInputSchema, output: CashMovementSchema },
  getCashReport: { input: CashReportInputSchema, output: CashReportSchema },
  closeCashSession: { input: CloseCashSessionInputSchema, output: CashReportSchema },
  listCashSessions: { input: NoInput, output: z.array(CashSessionSchema) },
  /** Sales of a day or a range: on screen, printed, and as CSV for the accountant. */
  getSalesReport: { input: SalesReportInputSchema, output: SalesReportSchema },
  exportSalesReport: { input: SalesReportInputSchema, output: FileSchema },
  /** Opens the drawer without a sale (a supervisor; also Ajustes' "Probar cajón"). */
  openCashDrawer: { input: NoInput, output: z.object({ opened: z.boolean(), message: z.string() }) },
} as const;
