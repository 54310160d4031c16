// Error paths from validateSale or from the bridge ('lines.0.quantity', 'customer.docNumber', 'payment.installments')
// mapped onto the form's field names, so each message appears on its field.
import type { FieldPath } from 'react-hook-form';
import type { SaleFormValues } from './form-values';

export type SaleFieldName = FieldPath<SaleFormValues> | 'lines.root' | 'payment.installments.root' | 'legends.root';

export interface PlacedErrors {
  /** Field name → first message for it. */
  fields: Map<SaleFieldName, string>;
  /** Messages that belong to no field of the form (series, company, internal). */
  general: string[];
}

const LINE_FIELDS = new Set(['code', 'description', 'unit', 'quantity', 'unitPrice', 'discount', 'affectation', 'bag']);
const CUSTOMER_FIELDS = new Set(['docType', 'docNumber', 'name', 'address']);

/** One path to a form field name, or null when no field of the form shows it. */
export function fieldNameOf(path: string, lineIndex: readonly number[]): SaleFieldName | null {
  const parts = path.split('.').filter((p) => p !== '');
  const [head, second, third, fourth] = parts;
  switch (head) {
    case 'docType':
    case 'currency':
    case 'emailTo':
      return head;
    case 'customer':
      return `customer.${second && CUSTOMER_FIELDS.has(second) ? second : 'docNumber'}` as SaleFieldName;
    case 'lines': {
      if (second === undefined) return 'lines.root';
      const formIndex = lineIndex[Number(second)];
      if (formIndex === undefined) return 'lines.root';
      const field = third && LINE_FIELDS.has(third) ? third : 'code';
      return `lines.${formIndex}.${field}` as SaleFieldName;
    }
    case 'payment':
      if (second !== 'installments') return 'payment.method';
      if (third === undefined) return 'payment.installments.root';
      return `payment.installments.${Number(third)}.${fourth === 'dueDate' ? 'dueDate' : 'amount'}` as SaleFieldName;
    case 'tenders':
      // How the sale was paid: a shortfall is fixed in the cash field; a bad other payment on its row.
      if (second !== undefined && third === 'reference') return `payment.others.${Number(second)}.reference` as SaleFieldName;
      return 'payment.cashReceived';
    case 'saleDiscount':
      return 'saleDiscount';
    case 'approval':
      return 'approval.pin';
    case 'lineDiscounts': {
      // A line's discount by its index in the sale's lines.
      const formIndex = second === undefined ? undefined : lineIndex[Number(second)];
      return formIndex === undefined ? 'lines.root' : (`lines.${formIndex}.discount` as SaleFieldName);
    }
    case 'legends':
      if (second === undefined) return 'legends.root';
      return `legends.${Number(second)}.${third === 'code' ? 'code' : 'value'}` as SaleFieldName;
    default:
      return null;
  }
}

/** Places every error on a field (first message wins) or in the general list. */
export function placeErrors(errors: readonly { path: string; message: string }[], lineIndex: readonly number[]): PlacedErrors {
  const fields = new Map<SaleFieldName, string>();
  const general: string[] = [];
  for (const error of errors) {
    const name = fieldNameOf(error.path, lineIndex);
    if (name === null) {
      if (!general.includes(error.message)) general.push(error.message);
    } else if (!fields.has(name)) fields.set(name, error.message);
  }
  return { fields, general };
}
