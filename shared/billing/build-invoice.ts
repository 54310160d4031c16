// buildInvoice: a valid sale draft → the API's Invoice JSON, keys in the table order of docs/api/invoicing-api.md §2.1, because
// this object is stored and later sent byte-for-byte.
import type { Invoice } from '../api';
import {
  AMOUNT_IN_WORDS_LEGEND, DEFAULT_OPERATION_TYPE, LIMA_OFFSET, icbperFactorFor, limaDateTime, parseIsoInstant,
} from '../catalog';
import { amountInWords } from './amount-in-words';
import { documentIgvRate, type Company, type CompanyInput } from './company-schema';
import { Dec, percentOf, toJsonNumber, toMoneyNumber } from './decimal';
import { igvStripper } from './igv-strip';
import { documentAmounts, lineAmounts, type DocumentAmounts, type LineAmounts } from './line-math';
import { type SaleCustomer, type SaleDraft, type SaleDraftInput, type SaleLine } from './sale-draft-schema';
import { isAnonymousCustomer } from './sale-rules';
import { SaleValidationError, checkSale } from './validate-sale';

type InvoiceLine = Invoice['detalle'][number];
type InvoicePayment = Invoice['forma_pago'][number];

/** Convention for a boleta without an identified buyer (docs/sunat/reference.md §4.2). */
const ANONYMOUS_CUSTOMER = { docType: '0', docNumber: '00000000', name: 'CLIENTES VARIOS', address: '-' } as const;

function customerFields(customer: SaleCustomer) {
  if (isAnonymousCustomer(customer)) return ANONYMOUS_CUSTOMER;
  return { ...customer, address: customer.address === '' ? '-' : customer.address };
}

function invoiceLine(line: SaleLine, amounts: LineAmounts, percent: number, icbperFactor: string): InvoiceLine {
  const value = toMoneyNumber(amounts.value);
  const igv = toMoneyNumber(amounts.igv);
  // Unit value V / quantity; with a quantity of 1 it is V itself (a division is the costly operation here).
  const unitValue = amounts.quantity.eq(1) ? value : toJsonNumber(amounts.value.div(amounts.quantity), 10);
  const out: InvoiceLine = {
    unidad: line.unit,
    cantidad: Number(line.quantity),
    cod_Producto: line.code,
    descripcion: line.description,
    monto_Valor_Unitario: unitValue,
    monto_Base_Igv: value,
    porcentaje_Igv: amounts.taxed ? percent : 0,
    igv,
    tip_Afe_Igv: line.affectation,
    total_Impuestos: line.bag ? toMoneyNumber(amounts.taxes) : igv,
    monto_Precio_Unitario: Number(line.unitPrice),
    monto_Valor_Venta: value,
  };
  if (line.bag) out.factor_Icbper = Number(icbperFactor);
  return out;
}

function payments(draft: SaleDraft, total: number, issuedAt: string): InvoicePayment[] {
  if (draft.payment.method === 'CONTADO') return [{ tipo: 'CONTADO', monto: total, fecha_Pago: issuedAt }];
  return draft.payment.installments.map((installment, index) => ({
    tipo: 'CREDITO',
    monto: toMoneyNumber(new Dec(installment.amount)),
    cuota: index + 1,
    fecha_Pago: `${installment.dueDate}T00:00:00${LIMA_OFFSET}`,
  }));
}

function legends(draft: SaleDraft, totals: DocumentAmounts): Invoice['legend'] {
  const words = amountInWords(totals.total, draft.currency);
  const extra = (draft.legends ?? [])
    .filter((legend) => legend.code !== AMOUNT_IN_WORDS_LEGEND)
    .map((legend) => ({ legend_Code: legend.code, legend_Value: legend.value }));
  return [{ legend_Code: AMOUNT_IN_WORDS_LEGEND, legend_Value: words }, ...extra];
}

/** Assembles the Invoice from an already validated draft and company. */
export function assembleInvoice(draft: SaleDraft, company: Company): Invoice {
  const instant = parseIsoInstant(draft.issuedAt);
  if (instant === null) throw new SaleValidationError([{ path: 'issuedAt', message: 'Fecha de emisión no válida' }]);
  const issuedAt = limaDateTime(instant);
  const rate = documentIgvRate(company, draft.issuedAt);
  const stripIgv = igvStripper(rate);
  const icbperFactor = icbperFactorFor(draft.issuedAt);
  const icbperDecimal = new Dec(icbperFactor);
  const percent = percentOf(new Dec(rate));
  const amounts = draft.lines.map((line) => lineAmounts(line, stripIgv, icbperDecimal));
  const totals = documentAmounts(amounts);
  const customer = customerFields(draft.customer);
  const total = toMoneyNumber(totals.total);

  // Built in one literal so the keys keep the API doc's order; optional fields are spread in place.
  const invoice: Invoice = {
    tipo_Operacion: DEFAULT_OPERATION_TYPE,
    tipo_Doc: draft.docType,
    serie: draft.series,
    correlativo: draft.number,
    tipo_Moneda: draft.currency,
    fecha_Emision: issuedAt,
    empresa_Ruc: company.ruc,
    cliente_Tipo_Doc: customer.docType,
    cliente_Num_Doc: customer.docNumber,
    cliente_Razon_Social: customer.name,
    cliente_Direccion: customer.address,
    monto_Oper_Gravadas: toMoneyNumber(totals.gravadas),
    monto_Igv: toMoneyNumber(totals.igv),
    total_Impuestos: toMoneyNumber(totals.taxes),
    valor_Venta: toMoneyNumber(totals.valueTotal),
    sub_Total: total,
    monto_Imp_Venta: total,
    ...(totals.hasExonerated ? { monto_Oper_Exoneradas: toMoneyNumber(totals.exoneradas) } : {}),
    estado_Documento: '0',
    manual: false,
    ...(draft.idBaseDato !== undefined ? { id_Base_Dato: draft.idBaseDato } : {}),
    detalle: draft.lines.map((line, i) => invoiceLine(line, amounts[i]!, percent, icbperFactor)),
    forma_pago: payments(draft, total, issuedAt),
    legend: legends(draft, totals),
  };
  return invoice;
}

/**
 * Builds the Invoice JSON of the API from a sale draft. Throws SaleValidationError (with field errors in
 * Spanish) when validateSale would fail.
 */
export function buildInvoice(draft: SaleDraftInput, company: CompanyInput): Invoice {
  const checked = checkSale(draft, company);
  if (!checked.ok) throw new SaleValidationError(checked.errors);
  return assembleInvoice(checked.draft, checked.company);
}
