// The notes and coins of the sol in circulation, for the optional count by denomination at the close.
// Source: BCRP, "Billetes y monedas en circulación" (https://www.bcrp.gob.pe/billetes-y-monedas.html): notes of 10, 20,
// 50, 100 and 200 soles; coins of 5, 2 and 1 sol and 50, 20 and 10 céntimos. The 5-céntimo coin was withdrawn from
// circulation in 2019 (BCRP Circular 0031-2018-BCRP), the 1-céntimo one in 2011.
import { z } from 'zod';
import { Dec, ZERO, fixed2 } from '../billing/decimal';

export const PEN_DENOMINATIONS = ['200', '100', '50', '20', '10', '5', '2', '1', '0.50', '0.20', '0.10'] as const;
export type Denomination = (typeof PEN_DENOMINATIONS)[number];

/** How many of each denomination were counted; denominations left out count zero. */
export const DenominationCountSchema = z.partialRecord(
  z.enum(PEN_DENOMINATIONS, { error: 'Denominación no válida' }),
  z.number({ error: 'Ingrese una cantidad' }).int({ error: 'La cantidad es un número entero' }).min(0, { error: 'La cantidad no puede ser negativa' }).max(100_000, { error: 'Cantidad demasiado grande' }),
);
export type DenominationCount = z.infer<typeof DenominationCountSchema>;

/** The cash a count by denomination adds up to, as a 2-decimal string. */
export function totalOfCount(count: DenominationCount): string {
  let total = ZERO;
  for (const d of PEN_DENOMINATIONS) total = total.plus(new Dec(d).times(count[d] ?? 0));
  return fixed2(total);
}

/** Printed label of a denomination: 'S/ 200', 'S/ 0.50'. */
export function denominationLabel(d: Denomination): string {
  return `S/ ${d}`;
}
