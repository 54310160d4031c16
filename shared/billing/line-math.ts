// Line and document amounts (docs/sunat/reference.md §1.2–1.4). Shelf prices include IGV for taxed lines; every line is
// rounded to 2 decimals first and the document totals are sums of the rounded lines.
import type Decimal from 'decimal.js';
import type { AffectationCode } from '../catalog';
import { Dec, ZERO, round2 } from './decimal';
import type { IgvStripper } from './igv-strip';

/** What the math needs from a line: canonical decimal strings and flags. */
export interface LineFigures {
  readonly quantity: string;
  readonly unitPrice: string;
  readonly affectation: AffectationCode;
  readonly bag?: boolean | undefined;
}

export interface LineAmounts {
  readonly quantity: Decimal;
  readonly unitPrice: Decimal;
  readonly taxed: boolean;
  /** T = round2(quantity × unitPrice): what the customer pays for the goods. */
  readonly total: Decimal;
  /** V: value without IGV (round2(T / (1 + rate)) when taxed, T when exonerated). */
  readonly value: Decimal;
  /** T − V. */
  readonly igv: Decimal;
  /** Plastic-bag tax: round2(quantity × factor) for bag lines, else 0. Never part of the IGV base. */
  readonly icbper: Decimal;
  /** igv + icbper. */
  readonly taxes: Decimal;
}

export interface DocumentAmounts {
  readonly gravadas: Decimal;
  readonly exoneradas: Decimal;
  readonly hasExonerated: boolean;
  readonly igv: Decimal;
  readonly icbper: Decimal;
  /** IGV + ICBPER. */
  readonly taxes: Decimal;
  /** Σ V. */
  readonly valueTotal: Decimal;
  /** Σ V + taxes = what the customer pays. */
  readonly total: Decimal;
}

interface LineBase {
  readonly quantity: Decimal;
  readonly unitPrice: Decimal;
  readonly total: Decimal;
}

/**
 * Parsed quantity, price and T of a line, computed once per line object: validation rules and the invoice
 * builder all need them, and reading decimal strings is the costly part. Line objects reaching here are fresh
 * outputs of the schema (or built by computeTotals) and never mutated afterwards.
 */
const lineBases = new WeakMap<LineFigures, LineBase>();

export function lineBase(line: LineFigures): LineBase {
  let base = lineBases.get(line);
  if (base === undefined) {
    const quantity = new Dec(line.quantity);
    const unitPrice = new Dec(line.unitPrice);
    base = { quantity, unitPrice, total: round2(quantity.times(unitPrice)) };
    lineBases.set(line, base);
  }
  return base;
}

/** Amounts of one line. `stripIgv` divides by 1 + the document's rate (igv-strip.ts); `icbperFactor` is the per-bag tax. */
export function lineAmounts(line: LineFigures, stripIgv: IgvStripper, icbperFactor: Decimal): LineAmounts {
  const { quantity, unitPrice, total } = lineBase(line);
  const taxed = line.affectation === '10';
  const value = taxed ? stripIgv(total) : total;
  const igv = taxed ? total.minus(value) : ZERO;
  const icbper = line.bag ? round2(quantity.times(icbperFactor)) : ZERO;
  return { quantity, unitPrice, taxed, total, value, igv, icbper, taxes: line.bag ? igv.plus(icbper) : igv };
}

/** Document totals as sums of the rounded lines. */
export function documentAmounts(lines: readonly LineAmounts[]): DocumentAmounts {
  let gravadas = ZERO;
  let exoneradas = ZERO;
  let igv = ZERO;
  let icbper = ZERO;
  let hasExonerated = false;
  for (const line of lines) {
    if (line.taxed) gravadas = gravadas.plus(line.value);
    else {
      exoneradas = exoneradas.plus(line.value);
      hasExonerated = true;
    }
    if (line.taxed) igv = igv.plus(line.igv);
    if (!line.icbper.isZero()) icbper = icbper.plus(line.icbper);
  }
  const taxes = igv.plus(icbper);
  const valueTotal = gravadas.plus(exoneradas);
  return { gravadas, exoneradas, hasExonerated, igv, icbper, taxes, valueTotal, total: valueTotal.plus(taxes) };
}

/**
 * What the customer pays: Σ round2(quantity × price) + Σ bag tax. Equal to documentAmounts(...).total for any
 * IGV rate (V + IGV = T on every line), so business rules can check it without knowing the issuer's rate.
 */
export function saleTotal(lines: readonly LineFigures[], icbperFactor: Decimal): Decimal {
  let total = ZERO;
  for (const line of lines) {
    const base = lineBase(line);
    total = total.plus(base.total);
    if (line.bag) total = total.plus(round2(base.quantity.times(icbperFactor)));
  }
  return total;
}
