// Totals by category of one stored document, read from the exact payload JSON that was sent, as 2-decimal strings.
// JSON numbers are turned into decimals through their shortest text (what JSON.stringify wrote, digit for digit), so
// no binary floating-point arithmetic ever touches an amount.
import Decimal from 'decimal.js';

const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -50, toExpPos: 50 });

export interface CategoryAmounts {
  /** monto_Oper_Gravadas */
  gravadas: string;
  /** monto_Oper_Exoneradas (0.00 when absent) */
  exoneradas: string;
  /** monto_Igv */
  igv: string;
  /** total_Impuestos − monto_Igv: the plastic-bag tax, the only other tax the app charges. */
  icbper: string;
  /** monto_Imp_Venta */
  total: string;
}

/** The stored columns, used when an old or hand-made payload lacks a field. */
export interface AmountFallback {
  igv: string;
  total: string;
}

export function categoryAmounts(payload: string, fallback: AmountFallback): CategoryAmounts {
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(payload);
    if (parsed !== null && typeof parsed === 'object') json = parsed as Record<string, unknown>;
  } catch {
    json = {};
  }
  const igv = decimalOf(json.monto_Igv) ?? new Dec(fallback.igv);
  const taxes = decimalOf(json.total_Impuestos) ?? igv;
  return {
    gravadas: money(decimalOf(json.monto_Oper_Gravadas) ?? new Dec(0)),
    exoneradas: money(decimalOf(json.monto_Oper_Exoneradas) ?? new Dec(0)),
    igv: money(igv),
    icbper: money(taxes.minus(igv)),
    total: money(decimalOf(json.monto_Imp_Venta) ?? new Dec(fallback.total)),
  };
}

function decimalOf(value: unknown): Decimal | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return new Dec(String(value));
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return new Dec(value.trim());
  return undefined;
}

/** Two decimals, a dot, half up. */
function money(d: Decimal): string {
  return d.toFixed(2, Dec.ROUND_HALF_UP);
}
