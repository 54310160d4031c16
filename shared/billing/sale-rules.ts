// Business rules of a sale (docs/sunat/reference.md §4.1–4.3, §8), run as guarded zod refinements by sale-draft-schema.ts.
// Parameter types are structural (not the schema's output type) to keep the schema's type non-circular.
import { icbperFactorFor, limaDateOf, type DocType, type IdentityDocType } from '../catalog';
import { isValidDni, isValidRuc, isValidSeries } from '../ids';
import { Dec, ZERO } from './decimal';
import { lineBase, saleTotal, type LineFigures } from './line-math';

type Path = (string | number)[];
interface IssueSink {
  addIssue(issue: { code: 'custom'; message: string; path?: Path; params?: Record<string, unknown> }): void;
}

/** Marks issues raised by business rules, so one rule's finding does not stop another rule (see whenClean). */
export const RULE_ISSUE = { businessRule: true } as const;

interface RuleLine extends LineFigures {
  readonly unit: string;
}
interface RuleCustomer {
  readonly docType: IdentityDocType | '';
  readonly docNumber: string;
  readonly name: string;
}
type RulePayment =
  | { readonly method: 'CONTADO' }
  | { readonly method: 'CREDITO'; readonly installments: readonly { amount: string; dueDate: string }[] };
interface RuleDraft {
  readonly docType: DocType;
  readonly series: string;
  readonly issuedAt: string;
  readonly customer: RuleCustomer;
  readonly lines: readonly RuleLine[];
  readonly payment: RulePayment;
}

/** Boleta amount from which the buyer must be identified (SUNAT checks "mayor o igual a 700"). */
export const BOLETA_IDENTIFICATION_THRESHOLD = new Dec(700);
/** Identity documents that identify a boleta buyer at or above the threshold: DNI, CE, RUC, passport. */
const THRESHOLD_DOC_TYPES: readonly string[] = ['1', '4', '6', '7'];
const MAX_TOTAL = new Dec('1e12');
const MIN_LINE_TOTAL = new Dec('0.01');
const OTHER_DOC_NUMBER = /^[A-Za-z0-9-]{1,15}$/;

function add(ctx: IssueSink, path: Path, message: string): void {
  ctx.addIssue({ code: 'custom', message, path, params: RULE_ISSUE });
}

/** True for the anonymous customer: no document type (or type 0) and no number. */
export function isAnonymousCustomer(customer: { docType: string; docNumber: string }): boolean {
  return (customer.docType === '' || customer.docType === '0') && customer.docNumber === '';
}

/** Sale total for the rules: it does not depend on the IGV rate (V + IGV = T on every line). */
function totalOf(draft: RuleDraft) {
  return saleTotal(draft.lines, new Dec(icbperFactorFor(draft.issuedAt)));
}

/**
 * Any quantity SUNAT accepts is a valid line here, decimal ones of any unit included (SUNAT takes 1.5 NIU;
 * the UBL quantity allows up to 10 decimals). Whole units are the till's guard for a catalogue product
 * (productQuantityProblem), not a billing rule. Plastic bags stay whole: ICBPER is charged per bag.
 */
export function checkLineQuantity(line: RuleLine, ctx: IssueSink): void {
  if (line.quantity.includes('.') && line.bag) { // canonical decimal string: a dot means a fractional quantity
    add(ctx, ['quantity'], 'La cantidad de bolsas plásticas debe ser un número entero');
  }
  const { total } = lineBase(line);
  if (total.lt(MIN_LINE_TOTAL)) add(ctx, ['quantity'], 'El importe de la línea (cantidad × precio) debe ser al menos 0.01');
  else if (total.gte(MAX_TOTAL)) add(ctx, ['quantity'], 'El importe de la línea es demasiado grande');
}

export function checkCustomerDocument(customer: RuleCustomer, ctx: IssueSink): void {
  if (isAnonymousCustomer(customer)) return;
  if (customer.docType === '') add(ctx, ['docType'], 'Elija el tipo de documento del cliente');
  else if (customer.docNumber === '') add(ctx, ['docNumber'], 'Ingrese el número de documento del cliente');
  else if (customer.docType === '1') {
    if (!isValidDni(customer.docNumber)) add(ctx, ['docNumber'], 'El DNI debe tener exactamente 8 dígitos');
  } else if (customer.docType === '6') {
    if (!isValidRuc(customer.docNumber)) {
      add(ctx, ['docNumber'], 'El RUC no es válido: debe tener 11 dígitos, empezar con 10, 15, 17 o 20 y un dígito verificador correcto');
    }
  } else if (!OTHER_DOC_NUMBER.test(customer.docNumber)) {
    add(ctx, ['docNumber'], 'El número de documento admite hasta 15 letras o números, sin espacios');
  }
  if (customer.name === '') add(ctx, ['name'], 'Ingrese el nombre o la razón social del cliente');
}

export function checkSeries(draft: Pick<RuleDraft, 'docType' | 'series'>, ctx: IssueSink): void {
  if (isValidSeries(draft.docType, draft.series)) return;
  add(ctx, ['series'], draft.docType === '01'
    ? 'La serie de una factura es F seguida de 3 letras mayúsculas o dígitos (por ejemplo F001)'
    : 'La serie de una boleta es B seguida de 3 letras mayúsculas o dígitos (por ejemplo B001)');
}

export function checkCustomerForDocType(draft: Pick<RuleDraft, 'docType' | 'customer'>, ctx: IssueSink): void {
  if (draft.docType !== '01') return;
  if (draft.customer.docType !== '6') {
    add(ctx, ['customer', 'docType'], 'Una factura requiere un cliente con RUC');
  } else if (draft.customer.name !== '' && draft.customer.name.length < 3) {
    add(ctx, ['customer', 'name'], 'La razón social debe tener al menos 3 caracteres');
  }
}

export function checkBoletaThreshold(draft: RuleDraft, ctx: IssueSink): void {
  if (draft.docType !== '03') return;
  const identified = THRESHOLD_DOC_TYPES.includes(draft.customer.docType) && draft.customer.docNumber !== '';
  if (identified || totalOf(draft).lt(BOLETA_IDENTIFICATION_THRESHOLD)) return;
  add(ctx, ['customer', 'docNumber'],
    'Una boleta de 700.00 o más requiere identificar al cliente con DNI, carné de extranjería, pasaporte o RUC');
}

export function checkTotalAndInstallments(draft: RuleDraft, ctx: IssueSink): void {
  const total = totalOf(draft);
  if (total.gte(MAX_TOTAL)) add(ctx, ['lines'], 'El total de la venta supera el máximo permitido (999999999999.99)');
  if (draft.payment.method !== 'CREDITO') return;
  const sum = draft.payment.installments.reduce((acc, installment) => acc.plus(installment.amount), ZERO);
  if (!sum.eq(total)) {
    add(ctx, ['payment', 'installments'],
      `La suma de las cuotas (${sum.toFixed(2)}) debe ser igual al total de la venta (${total.toFixed(2)})`);
  }
}

export function checkDueDates(draft: Pick<RuleDraft, 'issuedAt' | 'payment'>, ctx: IssueSink): void {
  if (draft.payment.method !== 'CREDITO') return;
  const issueDay = limaDateOf(draft.issuedAt);
  if (issueDay === null) return;
  draft.payment.installments.forEach((installment, index) => {
    if (installment.dueDate <= issueDay) {
      add(ctx, ['payment', 'installments', index, 'dueDate'],
        `La fecha de vencimiento debe ser posterior a la fecha de emisión (${issueDay})`);
    }
  });
}

export function checkLegendCodes(legends: readonly { code: string }[], ctx: IssueSink): void {
  const seen = new Set<string>();
  legends.forEach((legend, index) => {
    if (seen.has(legend.code)) add(ctx, [index, 'code'], `La leyenda ${legend.code} está repetida`);
    seen.add(legend.code);
  });
}
