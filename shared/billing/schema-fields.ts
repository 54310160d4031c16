// Zod building blocks for the sale draft: every message in Spanish, decimals kept as exact strings.
import { z } from 'zod';
import { Dec, readDecimal, type DecimalText } from './decimal';
import { cleanText, controlCharProblem } from './text-safety';

/** Zod error option: one message when the value is absent, another when it has the wrong type. */
export function missingOr(missing: string, invalid: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? missing : invalid) };
}

interface PayloadIssue {
  readonly path?: readonly PropertyKey[] | undefined;
  readonly params?: { readonly businessRule?: boolean } | undefined;
}

/**
 * `when` option of a refinement: run it only when parsing produced no issue at the root nor under any of
 * `keys`. This lets business rules run next to field errors in unrelated fields, while never seeing a
 * half-parsed value. Issues raised by other business rules (marked `params.businessRule`) do not count: the
 * value is well formed, so every rule still reports its own finding.
 */
export function whenClean(...keys: string[]) {
  return (payload: { issues: readonly PayloadIssue[] }): boolean =>
    !payload.issues.some((issue) => {
      if (issue.params?.businessRule === true) return false;
      const head = issue.path?.[0];
      return head === undefined || keys.includes(String(head));
    });
}

export interface DecimalRules {
  readonly required: string;
  readonly invalid: string;
  /** 'positive' refuses 0; 'nonNegative' accepts 0. Negative values always fail with `negative`. */
  readonly min: 'positive' | 'nonNegative';
  readonly zero?: string;
  readonly negative: string;
  /** Exclusive upper bound, if any. */
  readonly below?: { readonly value: string; readonly message: string };
  readonly maxDecimals: number;
  readonly decimals: string;
  /** Integer digits + decimals; 15 keeps the value exact as a JSON number. */
  readonly maxDigits: number;
  readonly digits: string;
}

/** The message for a read decimal that breaks `rules`, or null when it is acceptable. */
function decimalProblem(read: DecimalText, rules: DecimalRules): string | null {
  if (!read.ok) return read.reason === 'missing' ? rules.required : rules.invalid;
  if (read.sign < 0) return rules.negative;
  if (read.sign === 0 && rules.min === 'positive') return rules.zero ?? rules.negative;
  if (read.decimals > rules.maxDecimals) return rules.decimals;
  if (read.digits > rules.maxDigits) return rules.digits;
  if (rules.below && new Dec(read.value).gte(rules.below.value)) return rules.below.message;
  return null;
}

/** A decimal typed as a string or a number; the output is its canonical decimal string ('7.880' → '7.88'). */
export function decimalField(rules: DecimalRules) {
  return z
    .union([z.string(), z.number()], missingOr(rules.required, rules.invalid))
    .transform((input, ctx) => {
      const read = readDecimal(input);
      const problem = decimalProblem(read, rules);
      if (problem !== null || !read.ok) {
        ctx.addIssue({ code: 'custom', message: problem ?? rules.invalid });
        return z.NEVER;
      }
      return read.value;
    });
}

/** Refines a string: only characters XML 1.0 can carry, no controls besides tab and newline (text-safety.ts). */
const plainText = {
  check: (value: string) => controlCharProblem(value) === null,
  error: (issue: { input?: unknown }) => controlCharProblem(String(issue.input ?? '')) ?? 'Texto no válido',
};

/** Required text, cleaned (text-safety.ts), trimmed, 1..max characters. */
export function requiredText(missing: string, max: number, tooLong: string) {
  return z
    .string(missingOr(missing, missing))
    .overwrite(cleanText)
    .refine(plainText.check, { error: plainText.error })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: tooLong });
}

/** Optional text (absent or null becomes ''), cleaned (text-safety.ts), trimmed, at most `max` characters. */
export function optionalText(max: number, tooLong: string, invalid: string) {
  return z
    .string({ error: invalid })
    .nullish()
    .transform((value) => cleanText(value ?? '').trim())
    .refine(plainText.check, { error: plainText.error })
    .refine((value) => value.length <= max, { error: tooLong });
}
