// Bridge schemas of the accountant's sales register in the layout SUNAT's SIRE takes to replace its proposal (RVIE),
// and of the check of that register against the proposal file SIRE gives. The layout and its source:
// docs/sunat/sire-rvie.md.
import { z } from 'zod';

/** A tax period, YYYY-MM (a calendar month of Lima issue dates). */
export const SirePeriodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'El periodo es AAAA-MM (por ejemplo 2026-11)' });

export const SalesRegisterInputSchema = z.strictObject({ period: SirePeriodSchema });
export type SalesRegisterInput = z.infer<typeof SalesRegisterInputSchema>;

const Money = z.string().regex(/^-?\d+\.\d{2}$/);

/** The period's totals by affectation, in soles (dollar documents converted at each one's own rate). */
export const SalesRegisterTotalsSchema = z.object({
  gravado: Money,
  exonerado: Money,
  inafecto: Money,
  igv: Money,
  icbper: Money,
  total: Money,
});
export type SalesRegisterTotals = z.infer<typeof SalesRegisterTotalsSchema>;

export const SalesRegisterSchema = z.object({
  /** SUNAT's name for the replacement file: LE<RUC><AAAAMM>00140400021<contenido><moneda>2.txt */
  fileName: z.string(),
  /** One line per document, fields separated by "|", CRLF line ends. */
  text: z.string(),
  documents: z.number().int().nonnegative(),
  totals: SalesRegisterTotalsSchema,
});
export type SalesRegister = z.infer<typeof SalesRegisterSchema>;

/** The proposal as SIRE gives it (its text, pipe- or comma-separated, with or without its header row). */
export const CompareSalesRegisterInputSchema = z.strictObject({
  period: SirePeriodSchema,
  proposal: z.string().max(50_000_000, { error: 'El archivo de la propuesta es demasiado grande' }),
});
export type CompareSalesRegisterInput = z.infer<typeof CompareSalesRegisterInputSchema>;

export const RegisterDifferenceSchema = z.object({
  docType: z.string(),
  series: z.string(),
  number: z.number().int().nonnegative(),
  /** What differs and what to do, in Spanish. */
  what: z.string(),
});
export type RegisterDifference = z.infer<typeof RegisterDifferenceSchema>;

export const SalesRegisterComparisonSchema = z.object({
  onlyInSunat: z.array(RegisterDifferenceSchema),
  onlyInCaja: z.array(RegisterDifferenceSchema),
  different: z.array(RegisterDifferenceSchema),
});
export type SalesRegisterComparison = z.infer<typeof SalesRegisterComparisonSchema>;

export const sireContract = {
  /** The period's sales register (RVIE) in the layout of SIRE's replacement file. */
  exportSalesRegister: { input: SalesRegisterInputSchema, output: SalesRegisterSchema },
  /** The register checked against SUNAT's proposal: what each side lacks and what differs. */
  compareSalesRegister: { input: CompareSalesRegisterInputSchema, output: SalesRegisterComparisonSchema },
} as const;
