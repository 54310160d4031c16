// The day's exchange rate (soles per US dollar) and what a dollar sale does with it: the catalogue's prices are in
// soles, so each unit price is converted to dollars once, rounded half up to the cent like every printed amount
// (docs/sunat/reference.md §1.3), and the document's totals and IGV are then computed in dollars from those prices.
import { z } from 'zod';
import { Dec, readDecimal, round2 } from './decimal';

/** SUNAT publishes the rate with 3 decimals (e.g. 3.781); a rate outside this range is a typing mistake. */
const MIN_RATE = new Dec('1');
const MAX_RATE = new Dec('10');

/** Reads a rate typed by a person or sent by the provider; the canonical text ('3.781') or a Spanish reason. */
export function readExchangeRate(input: unknown): { ok: true; rate: string } | { ok: false; message: string } {
  const text = typeof input === 'string' ? input.trim().replace(',', '.') : input;
  const read = readDecimal(text);
  if (!read.ok) return { ok: false, message: read.reason === 'missing' ? 'Ingrese el tipo de cambio' : 'El tipo de cambio debe ser un número, por ejemplo 3.781' };
  if (read.decimals > 3) return { ok: false, message: 'El tipo de cambio admite como máximo 3 decimales' };
  const rate = new Dec(read.value);
  if (rate.lt(MIN_RATE) || rate.gt(MAX_RATE)) return { ok: false, message: 'El tipo de cambio debe estar entre 1 y 10 soles por dólar' };
  return { ok: true, rate: rate.toFixed(3) };
}

/** A rate as the bridge and the settings carry it: a string with 3 decimals ('3.781'). */
export const ExchangeRateTextSchema = z
  .union([z.string(), z.number()], { error: 'Ingrese el tipo de cambio' })
  .transform((input, ctx) => {
    const read = readExchangeRate(input);
    if (read.ok) return read.rate;
    ctx.addIssue({ code: 'custom', message: read.message });
    return z.NEVER;
  });

/** A unit price in soles as dollars at `rate`, rounded half up to the cent: '24.90' at '3.781' → '6.59'. */
export function solesToDollars(soles: string, rate: string): string {
  return round2(new Dec(soles).div(new Dec(rate))).toFixed(2);
}

/** The lines of a sale priced in soles, priced in dollars at `rate` (everything else as it was). */
export function linesInDollars<L extends { unitPrice: string }>(lines: readonly L[], rate: string): L[] {
  return lines.map((line) => ({ ...line, unitPrice: solesToDollars(line.unitPrice, rate) }));
}

/** The refusal of a dollar sale when the day has no rate yet. */
export const NO_RATE_MESSAGE =
  'Para vender en dólares registre primero el tipo de cambio de hoy (Moneda: Dólares → «Tipo de cambio»), o venda en soles.';
