// The issuer data billing needs: its RUC and how its IGV rate is chosen.
import { z } from 'zod';
import { igvRateFor } from '../catalog';
import { isValidRuc } from '../ids';
import { decimalField, missingOr } from './schema-fields';

export const CompanySchema = z.object(
  {
    ruc: z
      .string(missingOr('Ingrese el RUC del emisor', 'El RUC del emisor no es válido'))
      .trim()
      .refine(isValidRuc, { error: 'El RUC del emisor no es válido' }),
    /** Fixed IGV rate as a fraction ('0.18'); when given it overrides the dated rate of the regime. */
    igvRate: decimalField({
      required: 'Ingrese la tasa de IGV', invalid: 'La tasa de IGV debe ser un número (por ejemplo 0.18)',
      min: 'positive', zero: 'La tasa de IGV debe ser mayor que 0', negative: 'La tasa de IGV debe ser mayor que 0',
      below: { value: '1', message: 'La tasa de IGV es una fracción menor que 1 (por ejemplo 0.18)' },
      maxDecimals: 6, decimals: 'La tasa de IGV admite como máximo 6 decimales',
      maxDigits: 7, digits: 'La tasa de IGV admite como máximo 6 decimales',
    }).optional(),
    igvRegime: z
      .enum(['general', 'special'], { error: 'Régimen de IGV no válido: use general o special' })
      .optional(),
  },
  { error: 'Los datos del emisor no son válidos' },
);

export type Company = z.output<typeof CompanySchema>;
export type CompanyInput = z.input<typeof CompanySchema>;

/** IGV rate of one document (a fraction string): the company's fixed rate, else the dated rate of its regime. */
export function documentIgvRate(company: Company, issuedAt: string): string {
  return company.igvRate ?? igvRateFor(company.igvRegime ?? 'general', issuedAt);
}
