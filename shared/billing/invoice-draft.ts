// The sale behind a stored Invoice. Re-issuing a document under a new number, or correcting the customer
// of one the API refused, runs the rules a new sale runs: the stored payload is read back into a sale draft, changed,
// and built again by buildInvoice (schema, sale rules, line math). Amounts come back exactly: every JSON number of a
// payload carries at most 15 significant digits (decimal.ts), so its text is the decimal the draft was built from.
import type { Invoice } from '../api';
import { AMOUNT_IN_WORDS_LEGEND, limaDateOf } from '../catalog';
import type { SaleDraftInput } from './sale-draft-schema';

type DraftLine = SaleDraftInput['lines'][number];
type DraftCustomer = NonNullable<SaleDraftInput['customer']>;

/** The till's anonymous buyer as buildInvoice writes it (build-invoice.ts): read back as "no customer". */
function isAnonymousPayload(invoice: Invoice): boolean {
  return invoice.cliente_Tipo_Doc === '0' && invoice.cliente_Num_Doc === '00000000' && invoice.cliente_Razon_Social === 'CLIENTES VARIOS';
}

/** The customer of a stored invoice as the sale's form holds it ('' address for the API's '-'). */
export function customerFromInvoice(invoice: Invoice): DraftCustomer {
  if (isAnonymousPayload(invoice)) return { docType: '0', docNumber: '', name: '', address: '' };
  return {
    docType: invoice.cliente_Tipo_Doc,
    docNumber: invoice.cliente_Num_Doc,
    name: invoice.cliente_Razon_Social,
    address: invoice.cliente_Direccion === '-' ? '' : invoice.cliente_Direccion,
  };
}

/** The credit instalments of an invoice, in instalment order. */
function creditPayments(invoice: Invoice): Invoice['forma_pago'] {
  return invoice.forma_pago
    .filter((p) => p.tipo === 'CREDITO')
    .map((p, index) => ({ p, index }))
    .sort((a, b) => (a.p.cuota ?? a.index + 1) - (b.p.cuota ?? b.index + 1))
    .map(({ p }) => p);
}

/** A stored invoice as the sale draft that builds it (number, issue date and id_Base_Dato included). */
export function draftFromInvoice(invoice: Invoice): SaleDraftInput {
  const credit = creditPayments(invoice);
  return {
    docType: invoice.tipo_Doc,
    series: invoice.serie,
    number: invoice.correlativo,
    issuedAt: invoice.fecha_Emision,
    currency: invoice.tipo_Moneda as SaleDraftInput['currency'],
    customer: customerFromInvoice(invoice),
    lines: invoice.detalle.map(
      (l): DraftLine => ({
        code: l.cod_Producto,
        description: l.descripcion,
        unit: l.unidad as DraftLine['unit'],
        quantity: l.cantidad,
        unitPrice: l.monto_Precio_Unitario,
        affectation: l.tip_Afe_Igv as DraftLine['affectation'],
        ...(l.factor_Icbper !== undefined ? { bag: true } : {}),
      }),
    ),
    payment:
      credit.length > 0
        ? { method: 'CREDITO', installments: credit.map((p) => ({ amount: p.monto, dueDate: limaDateOf(p.fecha_Pago) ?? p.fecha_Pago })) }
        : { method: 'CONTADO' },
    legends: invoice.legend
      .filter((l) => l.legend_Code !== AMOUNT_IN_WORDS_LEGEND)
      .map((l) => ({ code: l.legend_Code as NonNullable<SaleDraftInput['legends']>[number]['code'], value: l.legend_Value })),
    ...(invoice.id_Base_Dato !== undefined ? { idBaseDato: invoice.id_Base_Dato } : {}),
  };
}

/** An instalment of a credit sale: its number, amount and due day (YYYY-MM-DD, Lima). */
export interface DueInstallment {
  number: number;
  amount: number;
  dueDate: string;
}

/**
 * The instalments of a credit invoice that fall due on or before `issueDay` (YYYY-MM-DD): a document issued that day
 * could not carry them (checkDueDates: each due date must come after the issue date).
 */
export function installmentsDueBy(invoice: Invoice, issueDay: string): DueInstallment[] {
  return creditPayments(invoice)
    .map((p, index) => ({ number: p.cuota ?? index + 1, amount: p.monto, dueDate: limaDateOf(p.fecha_Pago) ?? p.fecha_Pago.slice(0, 10) }))
    .filter((i) => i.dueDate <= issueDay);
}
