// The owner's view (Resumen) across the bridge: the figures behind its charts for a range of Lima days and the range
// of equal length just before it, from this till or from every till (the shop server). Money as decimal strings.
import { z } from 'zod';
import { IsoDaySchema } from '../validation/day';

/** The longest range one view covers: a year, as the sales report. */
export const MAX_SUMMARY_DAYS = 366;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

export const BusinessSummaryInputSchema = z
  .strictObject({
    from: IsoDaySchema,
    to: IsoDaySchema,
    /** 'till': this till's documents; 'shop': every till's, from the shop server when this till has one. */
    scope: z.enum(['till', 'shop']).default('till'),
  })
  .refine((r) => r.from <= r.to, { path: ['to'], error: 'La fecha final es anterior a la inicial' })
  .refine((r) => dayNumber(r.to) - dayNumber(r.from) < MAX_SUMMARY_DAYS, { path: ['to'], error: `Como máximo ${MAX_SUMMARY_DAYS} días por resumen` });
export type BusinessSummaryInput = z.output<typeof BusinessSummaryInputSchema>;

const Money = z.string().regex(/^-?\d+\.\d{2}$/);
const Count = z.number().int();

/** Per currency: the same counts as the sales report of the range (shared/cash/sales-summary.ts), to the cent. */
export const SummaryTotalsSchema = z.object({
  currency: z.string(),
  /** Boletas and facturas that count as sales (not re-issued, not rejected or invalid, not voided). */
  sales: Money,
  documents: Count,
  /** sales ÷ documents, half up to the cent ('0.00' without sales). */
  averageTicket: Money,
  /** Credit notes not rejected nor refused. */
  returns: Money,
  returnCount: Count,
  debitNotes: Money,
  debitCount: Count,
  /** Sales whose void SUNAT accepted. */
  voided: Money,
  voidedCount: Count,
  /** Documents SUNAT rejected or the API refused (not re-issued): no sale, no return. */
  notDeclaredCount: Count,
  /** sales − returns + debit notes. */
  net: Money,
});
export type SummaryTotals = z.infer<typeof SummaryTotalsSchema>;

const Tally = z.object({ currency: z.string(), documents: Count, total: Money });

export const PeriodFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.array(SummaryTotalsSchema),
  /** Sales by the Lima hour they were issued at (0-23), only the hours with sales. */
  byHour: z.array(Tally.extend({ hour: z.number().int().min(0).max(23) })),
  /** Sales by issue day, only the days with sales, in order. */
  byDay: z.array(Tally.extend({ day: z.string() })),
  /** Sales by the cashier who issued them, largest first. */
  byCashier: z.array(Tally.extend({ name: z.string() })),
  /** The sales' payments by method (a sale without payments: "Al crédito"), largest first; `documents` counts payments. */
  byMethod: z.array(Tally.extend({ method: z.string(), label: z.string() })),
  /** The ten products with the largest sales per currency (value of sale plus taxes); `documents` counts lines. */
  topProducts: z.array(Tally.extend({ code: z.string(), description: z.string() })),
  /**
   * Sales by the products' current category ('' none: "Sin categoría"), largest first; `documents` counts lines.
   * Absent from a core before categories.
   */
  byCategory: z.array(Tally.extend({ category: z.string() })).default([]),
});
export type PeriodFigures = z.infer<typeof PeriodFiguresSchema>;

export const BusinessSummarySchema = z.object({
  /** What was asked for. */
  scope: z.enum(['till', 'shop']),
  /** What the figures are: every till's only when the shop server answered them. */
  source: z.enum(['till', 'shop']),
  /** In Spanish, when the figures are not what was asked for (no shop server: this till's). */
  notice: z.string().nullable(),
  current: PeriodFiguresSchema,
  /** The same number of days just before `current`. */
  previous: PeriodFiguresSchema,
  generatedAt: z.string(),
});
export type BusinessSummary = z.infer<typeof BusinessSummarySchema>;

export const summaryContract = {
  /** The owner's view: sales by hour, day, cashier, method and product, returns and voids, against the period before. */
  getBusinessSummary: { input: BusinessSummaryInputSchema, output: BusinessSummarySchema },
} as const;
