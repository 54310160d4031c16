// validateSale: schema errors and business rules as field-level Spanish messages; never throws.
import type { z } from 'zod';
import { CompanySchema, type Company } from './company-schema';
import { SaleDraftSchema, type SaleDraft } from './sale-draft-schema';

/** One problem, at a dotted path of the draft ('lines.0.quantity') or of the company ('company.ruc'). */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

export type SaleValidation = { ok: true } | { ok: false; errors: FieldError[] };

/** Thrown by buildInvoice when the draft or the company is not valid. */
export class SaleValidationError extends Error {
  override readonly name = 'SaleValidationError';
  readonly errors: readonly FieldError[];

  constructor(errors: readonly FieldError[]) {
    const first = errors[0];
    super(first ? `La venta tiene errores: ${first.message}${errors.length > 1 ? ` (y ${errors.length - 1} más)` : ''}` : 'La venta tiene errores');
    this.errors = errors;
  }
}

export type CheckedSale =
  | { ok: true; draft: SaleDraft; company: Company }
  | { ok: false; errors: FieldError[] };

function toFieldErrors(issues: readonly z.core.$ZodIssue[], prefix: string): FieldError[] {
  return issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.'),
    message: issue.message,
  }));
}

/** Parses draft and company; on success returns the parsed values (so buildInvoice parses only once). */
export function checkSale(draft: unknown, company: unknown): CheckedSale {
  try {
    const parsedDraft = SaleDraftSchema.safeParse(draft);
    const parsedCompany = CompanySchema.safeParse(company);
    if (parsedDraft.success && parsedCompany.success) {
      return { ok: true, draft: parsedDraft.data, company: parsedCompany.data };
    }
    return {
      ok: false,
      errors: [
        ...(parsedDraft.success ? [] : toFieldErrors(parsedDraft.error.issues, '')),
        ...(parsedCompany.success ? [] : toFieldErrors(parsedCompany.error.issues, 'company')),
      ],
    };
  } catch {
    // Hostile input (a getter that throws, a revoked proxy...): report it instead of throwing.
    return { ok: false, errors: [{ path: '', message: 'Los datos de la venta no se pudieron leer' }] };
  }
}

/** Checks a sale draft against the schema and the business rules. Never throws, whatever the input. */
export function validateSale(draft: unknown, company: unknown): SaleValidation {
  const checked = checkSale(draft, company);
  return checked.ok ? { ok: true } : { ok: false, errors: checked.errors };
}
