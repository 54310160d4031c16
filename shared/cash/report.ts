// The shift's report: the X at any time during a cash session, the Z at its close. One pure function over
// the session's documents, payments and movements, with exact decimals, so that the screen, the printed ticket and the
// bench all read the same numbers. The documents' money is counted once: a document re-issued under a new number
// is left out, its replacement carries the sale and its payments. A rejected or invalid one not yet re-issued is no
// declared sale (notDeclared), but the cash it brought is in the drawer (cashSales).
import { z } from 'zod';
import { Dec, ZERO, fixed2 } from '../billing/decimal';
import { DenominationCountSchema, type DenominationCount } from './denominations';
import { dollarDrawer } from './dollars';
import type { ReportCollection } from './collections';
import { SalesSummarySchema, summarizeSales, type ReportDocument, type ReportPayment } from './sales-summary';

export const CashSessionSchema = z.object({
  id: z.number().int(),
  terminal: z.string(),
  openedAt: z.string(),
  openedBy: z.string(),
  openingFloat: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  countedCash: z.string().nullable(),
  expectedCash: z.string().nullable(),
  difference: z.string().nullable(),
});
export type CashSession = z.infer<typeof CashSessionSchema>;

export const CASH_MOVEMENT_KINDS = ['in', 'out'] as const;
export const CASH_MOVEMENT_LABELS = { in: 'Ingreso', out: 'Retiro' } as const;

export const CashMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CASH_MOVEMENT_KINDS),
  amount: z.string(),
  reason: z.string(),
  at: z.string(),
  userName: z.string(),
  approvedBy: z.string().nullable(),
});
export type CashMovement = z.infer<typeof CashMovementSchema>;

export const CashReportSchema = z.object({
  kind: z.enum(['X', 'Z']),
  generatedAt: z.string(),
  session: CashSessionSchema,
  ...SalesSummarySchema.shape,
  movements: z.array(CashMovementSchema),
  /**
   * Soles in the drawer: float + cash sales + cash collections − cash refunds + ins − outs − the soles change of dollar sales; counted and
   * difference once the Z is taken. Dollars apart.
   */
  cash: z.object({
    openingFloat: z.string(),
    cashSales: z.string(),
    /** Soles handed back for returns (credit notes), every one of them: the cash left whatever SUNAT said later. */
    cashRefunds: z.string().default('0.00'),
    /** Soles received in cash for credit sales of any day (cobranzas): in the drawer, but no sale of the session. */
    cashCollections: z.string().default('0.00'),
    cashIn: z.string(),
    cashOut: z.string(),
    /** Soles handed back as the change of dollar sales (their dollars all stay in the drawer). */
    changeInSoles: z.string().default('0.00'),
    expected: z.string(),
    counted: z.string().nullable(),
    difference: z.string().nullable(),
    /** Dollars in the drawer: every dollar taken in cash by dollar sales (change is given in soles) less refunds. */
    dollars: z
      .object({
        cashSales: z.string(),
        cashRefunds: z.string().default('0.00'),
        expected: z.string(),
        counted: z.string().nullable().default(null),
        difference: z.string().nullable().default(null),
      })
      .default({ cashSales: '0.00', cashRefunds: '0.00', expected: '0.00', counted: null, difference: null }),
  }),
  denominations: DenominationCountSchema.nullable(),
});
export type CashReport = z.infer<typeof CashReportSchema>;

export interface ReportInput {
  kind: 'X' | 'Z';
  generatedAt: string;
  session: CashSession;
  documents: readonly ReportDocument[];
  payments: readonly ReportPayment[];
  movements: readonly CashMovement[];
  /** The session's collections of credit sales. */
  collections?: readonly ReportCollection[];
  counted?: { cash: string; denominations: DenominationCount | null; dollars?: string | undefined };
}

export function buildCashReport(input: ReportInput): CashReport {
  const { cashSales, cashRefunds, ...summary } = summarizeSales(input.documents, input.payments, input.collections);
  const cashCollections = new Dec(summary.collections.cash);
  const sum = (kind: 'in' | 'out') => input.movements.filter((m) => m.kind === kind).reduce((acc, m) => acc.plus(m.amount), ZERO);
  const cashIn = sum('in');
  const cashOut = sum('out');
  const dollars = dollarDrawer(input.documents, input.payments);
  const dollarsExpected = dollars.dollars.minus(dollars.refunds);
  const expected = new Dec(input.session.openingFloat).plus(cashSales).plus(cashCollections).minus(cashRefunds).plus(cashIn).minus(cashOut).minus(dollars.changeInSoles);
  const counted = input.counted ? new Dec(input.counted.cash) : null;
  const countedDollars = input.counted?.dollars !== undefined ? new Dec(input.counted.dollars) : null;

  return {
    kind: input.kind,
    generatedAt: input.generatedAt,
    session: input.session,
    ...summary,
    movements: [...input.movements],
    cash: {
      openingFloat: fixed2(new Dec(input.session.openingFloat)),
      cashSales: fixed2(cashSales),
      cashRefunds: fixed2(cashRefunds),
      cashCollections: fixed2(cashCollections),
      cashIn: fixed2(cashIn),
      cashOut: fixed2(cashOut),
      changeInSoles: fixed2(dollars.changeInSoles),
      expected: fixed2(expected),
      counted: counted ? fixed2(counted) : null,
      difference: counted ? fixed2(counted.minus(expected)) : null,
      dollars: {
        cashSales: fixed2(dollars.dollars),
        cashRefunds: fixed2(dollars.refunds),
        expected: fixed2(dollarsExpected),
        counted: countedDollars ? fixed2(countedDollars) : null,
        difference: countedDollars ? fixed2(countedDollars.minus(dollarsExpected)) : null,
      },
    },
    denominations: input.counted?.denominations ?? null,
  };
}
