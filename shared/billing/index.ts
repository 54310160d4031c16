// Sale draft → invoicing API Invoice JSON: line math, totals, legends, validation (pure TypeScript).
export {
  SaleDraftSchema, SaleLineSchema, CustomerSchema, SalePaymentSchema, InstallmentSchema, SaleLegendSchema,
  type SaleDraft, type SaleDraftInput, type SaleLine, type SaleCustomer, type SalePayment,
} from './sale-draft-schema';
export { CompanySchema, documentIgvRate, type Company, type CompanyInput } from './company-schema';
export { validateSale, SaleValidationError, type FieldError, type SaleValidation } from './validate-sale';
export { buildInvoice } from './build-invoice';
export { computeTotals, type SaleTotals, type LineTotals } from './compute-totals';
export { amountInWords, integerInWords } from './amount-in-words';
export { BOLETA_IDENTIFICATION_THRESHOLD, isAnonymousCustomer } from './sale-rules';
export { cleanText, cleanTextsIn, controlCharProblem, type TextProblem } from './text-safety';
export { draftFromInvoice, customerFromInvoice, installmentsDueBy, type DueInstallment } from './invoice-draft';
export { buildNote, noteLines, type NoteNumbering, type NoteRequest } from './build-note';
export { readExchangeRate, ExchangeRateTextSchema, solesToDollars, linesInDollars, NO_RATE_MESSAGE } from './exchange-rate';
