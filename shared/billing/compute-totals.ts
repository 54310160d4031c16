// computeTotals: live totals for the cashier's form, recomputed on every keystroke. It accepts a partially
// filled draft: lines that cannot be computed yet (no quantity, no price, no affectation) count as zero.
import { igvRateFor, icbperFactorFor, parseIsoInstant, type CurrencyCode } from '../catalog';
import { amountInWords } from './amount-in-words';
import { Dec, ONE, fixed2, percentOf, readDecimal } from './decimal';
import { igvStripper } from './igv-strip';
import { documentAmounts, lineAmounts, type LineAmounts, type LineFigures } from './line-math';

/** Per-line figures, 2-decimal strings. `complete` is false for a line that could not be computed yet. */
export interface LineTotals {
  readonly value: string;
  readonly igv: string;
  readonly icbper: string;
  /** value + igv + icbper: what the customer pays for the line. */
  readonly total: string;
  readonly complete: boolean;
}

/** Document figures as 2-decimal strings for display, plus the amount in words. */
export interface SaleTotals {
  readonly gravadas: string;
  readonly exoneradas: string;
  readonly igv: string;
  readonly icbper: string;
  readonly total: string;
  /** Legend 1000 text ('SON CIENTO DIECIOCHO CON 00/100 SOLES'); '' when the total cannot be written. */
  readonly words: string;
  /** IGV percentage used ('18', '10.5'). */
  readonly igvPercent: string;
  /** One entry per draft line, in the same order. */
  readonly lines: readonly LineTotals[];
}

const INCOMPLETE_LINE: LineTotals = { value: '0.00', igv: '0.00', icbper: '0.00', total: '0.00', complete: false };

function field(source: unknown, key: string): unknown {
  return typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[key] : undefined;
}

/** The IGV rate the company would get, read leniently (a bad RUC does not matter for display). */
function lenientRate(company: unknown, issuedAt: Date): string {
  const fixed = readDecimal(field(company, 'igvRate'));
  if (fixed.ok && fixed.sign > 0 && new Dec(fixed.value).lt(ONE)) return fixed.value;
  return igvRateFor(field(company, 'igvRegime') === 'special' ? 'special' : 'general', issuedAt);
}

/** The line's figures when they are complete enough to compute, else null. */
function lineFigures(line: unknown): LineFigures | null {
  const quantity = readDecimal(field(line, 'quantity'));
  const unitPrice = readDecimal(field(line, 'unitPrice'));
  const affectation = field(line, 'affectation');
  if (!quantity.ok || quantity.sign <= 0 || !unitPrice.ok || unitPrice.sign < 0) return null;
  if (affectation !== '10' && affectation !== '20') return null;
  return { quantity: quantity.value, unitPrice: unitPrice.value, affectation, bag: field(line, 'bag') === true };
}

/**
 * Totals of a (possibly incomplete) sale draft for the UI. Never throws. When the draft has no valid issuedAt
 * yet, the rates in force at `now()` are used.
 */
export function computeTotals(draft: unknown, company: unknown, now: () => Date = () => new Date()): SaleTotals {
  const instant = parseIsoInstant(field(draft, 'issuedAt'));
  const issuedAt = instant === null ? now() : new Date(instant);
  const rate = lenientRate(company, issuedAt);
  const stripIgv = igvStripper(rate);
  const icbperFactor = new Dec(icbperFactorFor(issuedAt));
  const currency: CurrencyCode = field(draft, 'currency') === 'USD' ? 'USD' : 'PEN';
  const rawLines = field(draft, 'lines');

  const computed: LineAmounts[] = [];
  const lines: LineTotals[] = [];
  for (const raw of Array.isArray(rawLines) ? rawLines : []) {
    const figures = lineFigures(raw);
    if (figures === null) {
      lines.push(INCOMPLETE_LINE);
      continue;
    }
    const amounts = lineAmounts(figures, stripIgv, icbperFactor);
    computed.push(amounts);
    lines.push({
      value: fixed2(amounts.value),
      igv: fixed2(amounts.igv),
      icbper: fixed2(amounts.icbper),
      total: fixed2(amounts.value.plus(amounts.taxes)),
      complete: true,
    });
  }

  const totals = documentAmounts(computed);
  let words = '';
  try {
    words = amountInWords(totals.total, currency);
  } catch {
    words = ''; // total beyond what a document can carry: the form shows the validation error instead
  }
  return {
    gravadas: fixed2(totals.gravadas),
    exoneradas: fixed2(totals.exoneradas),
    igv: fixed2(totals.igv),
    icbper: fixed2(totals.icbper),
    total: fixed2(totals.total),
    words,
    igvPercent: String(percentOf(new Dec(rate))),
    lines,
  };
}

