// A credit or debit note's payload from the document it modifies. A note's lines are lines: they are built
// by the line math of a sale (buildInvoice: schema, sale rules, IGV, totals, amount in words), then dressed as a note
// per docs/api/provider-factiliza.md ("Credit and debit notes"): no forma_pago, `Manual` instead of `manual`, the
// modified document's type and number without zero padding, the reason. Amounts stay positive.
// What earlier credit notes took comes from the core (electron/core/services/issue-note.ts), which also checks the limits
// before a number is spent; here it caps what a line return credits and the IGV a credit note carries.
import { affectedNumber, NoteSchema, type Invoice, type Note } from '../api';
import { noteReason, type NoteDocType, type NoteReasonEntry } from '../catalog/note-reasons';
import { buildInvoice } from './build-invoice';
import { Dec, round2, toJsonNumber, toMoneyNumber } from './decimal';
import { draftFromInvoice } from './invoice-draft';
import type { SaleDraftInput } from './sale-draft-schema';
import { SaleValidationError } from './validate-sale';

export interface NoteRequest {
  type: NoteDocType;
  reason: string;
  description: string;
  lines?: readonly { line: number; quantity: string }[];
  amount?: string;
}

export interface NoteNumbering {
  series: string;
  number: number;
  issuedAt: string;
  idBaseDato: string;
}

type DraftLine = SaleDraftInput['lines'][number];
type StoredLine = Invoice['detalle'][number];

/**
 * What the counted credit notes before this one took from the modified document. `returned`: per line (1-based) the
 * quantities they took back. `credited`: per line the amounts (IGV included) they took, when every one of them could be
 * read; without it, a line is taken to have given round2(returned × price). `igv`: the IGV they credited, when known.
 */
export interface EarlierCredits {
  returned: readonly { line: number; quantity: string }[];
  credited?: readonly { line: number; amount: string }[] | undefined;
  igv?: string | undefined;
}

const dec = (n: number | string) => new Dec(String(n));
/** What a stored line cost the customer, IGV included (without the bag tax): its value plus its IGV. */
const lineTotal = (l: StoredLine) => dec(l.monto_Valor_Venta).plus(dec(l.igv));
const sumBy = <T>(items: readonly T[], line: number, pick: (item: T) => string | undefined, at: (item: T) => number) =>
  items.reduce((sum, item) => (at(item) === line ? sum.plus(pick(item) ?? '0') : sum), new Dec(0));

/** The reason, or a SaleValidationError the cashier reads: unknown, or one Caja does not issue. */
export function checkedReason(type: NoteDocType, code: string): NoteReasonEntry {
  const reason = noteReason(type, code);
  if (!reason) throw new SaleValidationError([{ path: 'reason', message: 'Motivo no válido para este tipo de nota' }]);
  if (reason.refusal) throw new SaleValidationError([{ path: 'reason', message: reason.refusal }]);
  return reason;
}

/**
 * A unit price whose line comes to exactly `amount` for `quantity` (line-math rounds quantity × price half up to
 * cents): amount / quantity to the 10 decimals and 15 digits a price holds, off by far less than half a cent.
 */
function priceFor(amount: Dec, quantity: Dec, path: string): string {
  let price = amount.div(quantity).toDecimalPlaces(10, Dec.ROUND_HALF_UP);
  if (price.precision(true) > 15) price = price.toSignificantDigits(15, Dec.ROUND_HALF_UP);
  if (!round2(quantity.times(price)).eq(amount)) {
    throw new SaleValidationError([{ path, message: `No se puede expresar ${amount.toFixed(2)} como precio de la cantidad devuelta` }]);
  }
  return price.toString();
}

/**
 * A line taken back never credits more than what is left of that line's total: the return that takes the last of its
 * quantity takes exactly what is left (the line's total minus what earlier notes credited for it), and any other
 * return takes quantity × price, at most what is left. Unit-by-unit returns of a line whose total was rounded (3 ×
 * 1.005 sold for 3.02) then add up to that total instead of one cent per unit more.
 */
function returnedLine(sold: DraftLine, stored: StoredLine, at: number, quantity: string, earlier: EarlierCredits, index: number): DraftLine {
  const path = `lines.${index}.quantity`;
  const q = new Dec(quantity);
  const price = new Dec(String(sold.unitPrice));
  const returned = sumBy(earlier.returned, at, (r) => r.quantity, (r) => r.line);
  const credited = earlier.credited
    ? sumBy(earlier.credited, at, (c) => c.amount, (c) => c.line)
    : Dec.min(lineTotal(stored), round2(returned.times(price)));
  const left = lineTotal(stored).minus(credited);
  if (left.lte(0)) throw new SaleValidationError([{ path, message: `De la línea ${at} ya se acreditó todo su importe` }]);
  const plain = round2(q.times(price));
  const amount = returned.plus(q).gte(dec(stored.cantidad)) ? left : Dec.min(plain, left);
  return { ...sold, quantity, ...(amount.eq(plain) ? {} : { unitPrice: priceFor(amount, q, path) }) };
}

/**
 * An amount split over the document's affectations in proportion to each one's share of what the customer paid
 * (gravado, exonerado): a discount on a mostly exonerated sale credits mostly exonerated value and little IGV. The taxed
 * part comes first and the last part takes the rounding remainder, so the parts add up to the amount exactly and the
 * taxed part never exceeds the document's taxed total while the amount stays within the document's total. A part
 * rounding to nothing is left out.
 */
function amountLines(original: Invoice, request: NoteRequest, reason: NoteReasonEntry): DraftLine[] {
  const shares = new Map<string, Dec>();
  for (const l of original.detalle) shares.set(l.tip_Afe_Igv, (shares.get(l.tip_Afe_Igv) ?? new Dec(0)).plus(lineTotal(l)));
  if (shares.size === 0) shares.set('10', new Dec(1));
  const order = [...shares.keys()].sort((a, b) => (a === '10' ? -1 : b === '10' ? 1 : 0));
  const whole = [...shares.values()].reduce((sum, v) => sum.plus(v), new Dec(0));
  const amount = new Dec(request.amount ?? '0');
  let given = new Dec(0);
  const parts = order.map((affectation, i) => {
    const part = i === order.length - 1 || whole.isZero() ? amount.minus(given) : round2(amount.times(shares.get(affectation)!).div(whole));
    given = given.plus(part);
    return { affectation, part };
  });
  const kept = parts.filter((p) => p.part.gt(0));
  return (kept.length > 0 ? kept : parts.slice(0, 1)).map(({ affectation, part }) => ({
    code: `MOT${request.type}${request.reason}`,
    description: `${reason.label}: ${request.description}`.slice(0, 500),
    unit: 'ZZ',
    quantity: '1',
    unitPrice: part.toString(),
    affectation: affectation as DraftLine['affectation'],
  }));
}

/** The lines of the note, per its reason's mode. Throws SaleValidationError naming the field at fault. */
export function noteLines(original: Invoice, request: NoteRequest, earlier: EarlierCredits = { returned: [], credited: [] }): DraftLine[] {
  const reason = checkedReason(request.type, request.reason);
  const sold = draftFromInvoice(original).lines;
  if (reason.mode === 'whole') return sold;
  if (reason.mode === 'lines') {
    return (request.lines ?? []).map((l, i) => {
      const line = sold[l.line - 1];
      const stored = original.detalle[l.line - 1];
      if (!line || !stored) throw new SaleValidationError([{ path: `lines.${i}.line`, message: `El comprobante no tiene la línea ${l.line}` }]);
      return request.type === '07' ? returnedLine(line, stored, l.line, l.quantity, earlier, i) : { ...line, quantity: l.quantity };
    });
  }
  return amountLines(original, request, reason);
}

/**
 * A credit note never credits more IGV than the document carried, less what earlier credit notes credited: each line
 * rounds its own IGV, so the IGV of a sum can exceed the sum of the lines' IGV (ten lines of 0.03 carry none; 0.30 would
 * carry 0.05). The excess moves from IGV to value on the taxed lines, last line first; the note's total does not move.
 */
function capIgv(invoice: Invoice, cap: Dec): Invoice {
  let excess = dec(invoice.monto_Igv).minus(Dec.max(cap, 0));
  if (excess.lte(0)) return invoice;
  const moved = excess;
  const detalle = [...invoice.detalle];
  for (let i = detalle.length - 1; i >= 0 && excess.gt(0); i--) {
    const l: StoredLine = detalle[i]!;
    if (l.tip_Afe_Igv !== '10' || l.igv <= 0) continue;
    const take = Dec.min(excess, dec(l.igv));
    const value = dec(l.monto_Valor_Venta).plus(take);
    const quantity = dec(l.cantidad);
    detalle[i] = {
      ...l,
      monto_Valor_Unitario: quantity.eq(1) ? toMoneyNumber(value) : toJsonNumber(value.div(quantity), 10),
      monto_Base_Igv: toMoneyNumber(value),
      igv: toMoneyNumber(dec(l.igv).minus(take)),
      total_Impuestos: toMoneyNumber(dec(l.total_Impuestos).minus(take)),
      monto_Valor_Venta: toMoneyNumber(value),
    };
    excess = excess.minus(take);
  }
  const shifted = moved.minus(excess);
  return {
    ...invoice,
    monto_Oper_Gravadas: toMoneyNumber(dec(invoice.monto_Oper_Gravadas).plus(shifted)),
    monto_Igv: toMoneyNumber(dec(invoice.monto_Igv).minus(shifted)),
    total_Impuestos: toMoneyNumber(dec(invoice.total_Impuestos).minus(shifted)),
    valor_Venta: toMoneyNumber(dec(invoice.valor_Venta).plus(shifted)),
    detalle,
  };
}

/**
 * The note's payload. The modified document's customer, currency and IGV rate carry over; the sale rules of its type
 * run on the note's lines (a factura's note goes to a RUC, the series letter is the document's).
 */
export function buildNote(original: Invoice, request: NoteRequest, numbering: NoteNumbering, earlier: EarlierCredits = { returned: [], credited: [] }): Note {
  const base = draftFromInvoice(original);
  const taxed = original.detalle.find((l) => l.tip_Afe_Igv === '10');
  const company = { ruc: original.empresa_Ruc, ...(taxed ? { igvRate: new Dec(String(taxed.porcentaje_Igv)).div(100).toString() } : {}) };
  const invoice = buildInvoice(
    {
      ...base,
      series: numbering.series,
      number: String(numbering.number),
      issuedAt: numbering.issuedAt,
      idBaseDato: numbering.idBaseDato,
      lines: noteLines(original, request, earlier),
      payment: { method: 'CONTADO' },
    },
    company,
  );
  const built = request.type === '07' ? capIgv(invoice, dec(original.monto_Igv).minus(earlier.igv ?? '0')) : invoice;
  const { forma_pago: _payments, manual: _manual, tipo_Doc: _type, ...rest } = built;
  const reason = noteReason(request.type, request.reason);
  return NoteSchema.parse({
    ...rest,
    tipo_Doc: request.type,
    afectado_Tipo_Doc: original.tipo_Doc,
    afectado_Num_Doc: affectedNumber(original.serie, original.correlativo),
    motivo_Cod: request.reason,
    motivo_Des: request.description,
    Manual: false,
    Observacion: reason ? reason.label : '',
  });
}
