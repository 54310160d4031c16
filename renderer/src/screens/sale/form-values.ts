// The sale form's values (what the inputs hold: text, booleans) and their conversion to the bridge's SaleInput.
import type { SaleInput } from '../../../../shared/bridge';
import { discountsOf, type TypedDiscounts } from './sale-discounts';
import type { AffectationCode, IdentityDocType, LegendCode, UnitCode } from '../../../../shared/catalog';

export interface LineValues {
  code: string;
  description: string;
  unit: UnitCode;
  quantity: string;
  unitPrice: string;
  affectation: AffectationCode;
  bag: boolean;
  /** Form-only: the catalogue code this line was filled from ('' for a line typed by hand). Never sent. */
  productCode: string;
  /** Form-only: the product's "se vende por unidades enteras" (null for a line typed by hand: as the unit says). */
  wholeUnits: boolean | null;
  /** The line's discount as typed: '10%', '1.50' or ''. */
  discount: string;
}

export interface InstallmentValues {
  amount: string;
  dueDate: string;
}

/** A payment other than cash (card, Yape, transfer...): the shop's own record. */
export interface OtherPaymentValues {
  method: string;
  amount: string;
  reference: string;
}

export interface SaleFormValues {
  docType: '01' | '03';
  currency: 'PEN' | 'USD';
  customer: { docType: IdentityDocType; docNumber: string; name: string; address: string };
  /** Where the document goes by email once issued ('' none); an identified customer's record keeps it. */
  emailTo: string;
  lines: LineValues[];
  /** CUENTA: a boleta charged to the customer's account (al fiado), paid later. */
  payment: { method: 'CONTADO' | 'CREDITO' | 'CUENTA'; cashReceived: string; others: OtherPaymentValues[]; installments: InstallmentValues[] };
  legends: { code: LegendCode; value: string }[];
  /** A discount on the whole sale as typed: '5%', '2.00' or ''. */
  saleDiscount: string;
  /** A supervisor's PIN, asked when the discounts go beyond the limit; `preselected` while nobody picked the name. */
  approval: { userId: string; pin: string; preselected?: boolean };
  /**
   * Form-only: scanned codes the catalogue does not know. They are listed apart, never put on a line (a line with
   * only a code would stop the sale until someone found it), and the sale is not issued while any is listed.
   */
  unknownCodes: { code: string; message: string }[];
  /**
   * Form-only: today's exchange rate (soles per dollar) while Moneda is Dólares, as the core holds it. The lines stay
   * in soles (the catalogue's prices); the totals show them in dollars at this rate, as the core will declare them.
   */
  exchangeRate?: string;
}

export function emptyLine(): LineValues {
  return { code: '', description: '', unit: 'NIU', quantity: '1', unitPrice: '', affectation: '10', bag: false, productCode: '', wholeUnits: null, discount: '' };
}

export function emptySale(docType: '01' | '03' = '03'): SaleFormValues {
  return {
    docType,
    currency: 'PEN',
    customer: { docType: docType === '01' ? '6' : '0', docNumber: '', name: '', address: '' },
    emailTo: '',
    lines: [emptyLine()],
    payment: { method: 'CONTADO', cashReceived: '', others: [], installments: [] },
    legends: [],
    saleDiscount: '',
    approval: { userId: '', pin: '' },
    unknownCodes: [],
  };
}

/** A line the cashier has not started: nothing but the defaults. Such lines are ignored when issuing. */
export function isBlankLine(line: LineValues): boolean {
  return line.code.trim() === '' && line.description.trim() === '' && line.unitPrice.trim() === '';
}

/** Decimal text as typed ('3,50' is accepted as '3.50'). */
export function decimalText(text: string): string {
  return text.trim().replace(',', '.');
}

export interface SaleInputWithMap {
  /** Without its idempotency key: the sale's key belongs to the sale being rung up (useIssueSale), not to its values. */
  input: Omit<SaleInput, 'clientKey'>;
  /** Index in the form's `lines` of each line of `input.lines`. */
  lineIndex: number[];
  /** The discounts as read, and those typed wrong ('abc', '120%'): shown on their fields, the sale is not sent. */
  discounts: TypedDiscounts;
}

/** The form values as the bridge's SaleInput: blank lines dropped, decimals normalised, form-only fields removed. */
export function toSaleInput(values: SaleFormValues, cashMethod = 'efectivo'): SaleInputWithMap {
  const lineIndex: number[] = [];
  const lines = values.lines.flatMap((line, index) => {
    if (isBlankLine(line)) return [];
    lineIndex.push(index);
    return [
      {
        // A hand-typed line needs no invented code: it gets one, unique within the sale.
        code: line.code.trim() || (line.description.trim() ? `MANUAL-${index + 1}` : ''),
        description: line.description.trim(),
        unit: line.unit,
        quantity: decimalText(line.quantity),
        unitPrice: decimalText(line.unitPrice),
        affectation: line.affectation,
        ...(line.bag ? { bag: true } : {}),
      },
    ];
  });
  const { customer } = values;
  const anonymous = customer.docType === '0' && customer.docNumber.trim() === '';
  const input: Omit<SaleInput, 'clientKey'> = {
    docType: values.docType,
    currency: values.currency,
    customer: anonymous
      ? { docType: '0', docNumber: '', name: customer.name.trim(), address: customer.address.trim() }
      : {
          docType: customer.docType,
          docNumber: customer.docNumber.trim(),
          name: customer.name.trim(),
          address: customer.address.trim(),
        },
    lines,
    payment:
      values.payment.method === 'CREDITO'
        ? {
            method: 'CREDITO',
            installments: values.payment.installments.map((i) => ({ amount: decimalText(i.amount), dueDate: i.dueDate.trim() })),
          }
        : { method: 'CONTADO' },
    ...(values.legends.length > 0 ? { legends: values.legends.map((l) => ({ code: l.code, value: l.value.trim() })) } : {}),
    ...(values.payment.method === 'CUENTA' ? { onAccount: true as const } : {}),
    ...(values.emailTo?.trim() ? { emailTo: values.emailTo.trim() } : {}),
  };
  const tenders = values.payment.method === 'CONTADO' ? tendersOf(values.payment, cashMethod) : [];
  if (tenders.length > 0) input.tenders = tenders;
  const discounts = discountsOf(values, lineIndex);
  if (discounts.lineDiscounts.length > 0) input.lineDiscounts = discounts.lineDiscounts;
  if (discounts.saleDiscount) input.saleDiscount = discounts.saleDiscount;
  const approverId = Number(values.approval?.userId ?? '');
  if (approverId > 0 && values.approval.pin.trim() !== '') {
    input.approval = { userId: approverId, pin: values.approval.pin.trim(), ...(values.approval.preselected ? { preselected: true as const } : {}) };
  }
  return { input, lineIndex, discounts };
}

/**
 * The tenders of a CONTADO sale: the other payments as typed, then the cash received (method `cashMethod`). Nothing
 * typed at all means exact cash, which the core records by itself.
 */
export function tendersOf(payment: SaleFormValues['payment'], cashMethod: string): NonNullable<SaleInput['tenders']> {
  const others = payment.others
    .filter((o) => o.amount.trim() !== '')
    .map((o) => ({ method: o.method, amount: decimalText(o.amount), ...(o.reference.trim() ? { reference: o.reference.trim() } : {}) }));
  const cash = decimalText(payment.cashReceived);
  return cash === '' ? others : [...others, { method: cashMethod, amount: cash }];
}
