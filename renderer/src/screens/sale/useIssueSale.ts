// Emitir: check the sale with the same rules as the core, issue it through the bridge, put every error on its
// field. Nothing typed is lost on an error; on success the form is cleared for the next customer.
import { useCallback, useRef, useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { validateSale } from '../../../../shared/billing';
import { discountSale } from '../../../../shared/discounts';
import { missingOperationNumbers, OPERATION_NUMBER_MISSING, operationNumberMessage } from '../../../../shared/payments';
import type { DocumentSummary, SettingsView } from '../../../../shared/bridge';
import { limaDateTime } from '../../../../shared/catalog';
import Decimal from 'decimal.js';
import { parseMoney } from '../../format/money';
import { newIntentKey } from '../../intent-key';
import { call } from '../../pos';
import { placeErrors } from './field-errors';
import { emptySale, toSaleInput, type SaleFormValues } from './form-values';

type Confirmation = 'clock' | 'numbering_jump';
/** Refusals the cashier may overrule, and what the retry then says. */
const CONFIRMATIONS: Record<string, Confirmation | undefined> = { clock_confirm: 'clock', numbering_unconfirmed: 'numbering_jump' };

export interface IssueFailure {
  message: string;
  general: string[];
}

interface IssueOptions {
  form: UseFormReturn<SaleFormValues>;
  settings: SettingsView | null;
  /** `cashReceived`: what the cashier typed as cash received ('' when nothing), for the ticket's change. */
  onIssued: (summary: DocumentSummary, cashReceived: string, otherPaid: string) => void;
}

export function useIssueSale({ form, settings, onIssued }: IssueOptions) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<IssueFailure | null>(null);
  const [approvalAsked, setApprovalAsked] = useState(false);
  const inFlight = useRef(false);
  // One key per sale, sent again when the same sale is retried after an error: the core issues it at most once.
  const saleKey = useRef(newIntentKey());

  const showErrors = useCallback(
    (message: string, errors: readonly { path: string; message: string }[], lineIndex: readonly number[]) => {
      // A customer error is fixed in the state that fixes it: a boleta of 700 or more with "Sin
      // documento" needs a DNI, so the type becomes DNI and the cursor lands on the number (the DNI lookup then runs).
      if (errors.some((e) => e.path === 'customer.docNumber') && form.getValues('customer.docType') === '0') {
        form.setValue('customer.docType', '1', { shouldDirty: true });
      }
      const placed = placeErrors(errors, lineIndex);
      let first = true;
      for (const [name, text] of placed.fields) {
        // Array-level messages go to '<array>.root', react-hook-form's place for them (not in its path types).
        form.setError(name as FieldPath<SaleFormValues>, { type: 'validation', message: text }, { shouldFocus: first && !name.endsWith('.root') });
        first = false;
      }
      setFailure({ message, general: placed.general });
    },
    [form],
  );

  const issue = useCallback(async () => {
    if (inFlight.current || !settings) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const values = form.getValues();
      // A scanned code nobody found is not in the sale: issuing now would charge less than the customer brought.
      const unknown = values.unknownCodes?.length ?? 0;
      if (unknown > 0) {
        setFailure({ message: `${unknown === 1 ? 'Hay 1 código no encontrado: quítelo con Supr' : `Hay ${unknown} códigos no encontrados: quítelos con Supr`} o regístrelo en Productos antes de emitir.`, general: [] });
        return;
      }
      // Cash is taken with the first active cash method of Ajustes.
      const cashMethod = settings.paymentMethods.find((m) => m.kind === 'cash' && m.active)?.code ?? 'efectivo';
      const { input, lineIndex, discounts } = toSaleInput(values, cashMethod);
      if (discounts.errors.length > 0) {
        showErrors('Revise los descuentos.', discounts.errors, lineIndex);
        return;
      }
      // A payment by app or transfer without its operation number: said on its row before the core refuses it.
      const unnumbered = values.payment.method === 'CONTADO' && settings.sale.requireOperationNumber
        ? missingOperationNumbers(values.payment.others, settings.paymentMethods).filter((m) => values.payment.others[m.index]!.amount.trim() !== '')
        : [];
      if (unnumbered.length > 0) {
        showErrors(operationNumberMessage(unnumbered[0]!.label), unnumbered.map((m) => ({ path: `tenders.${m.index}.reference`, message: OPERATION_NUMBER_MISSING })), lineIndex);
        return;
      }
      const next = values.docType === '01' ? settings.series.factura : settings.series.boleta;
      const company = { ruc: settings.company.ruc, igvRegime: settings.company.igvRegime };
      // The lines at their net prices, as the core will declare them.
      const discounted = discountSale(input.lines.map((l) => ({ ...l, quantity: String(l.quantity), unitPrice: String(l.unitPrice) })), discounts.lineDiscounts, discounts.saleDiscount);
      if (!discounted.ok) {
        showErrors('Revise los descuentos.', discounted.errors, lineIndex);
        return;
      }
      const draft = { ...input, lines: discounted.lines, series: next.series, number: next.nextNumber, issuedAt: limaDateTime(Date.now()) };
      const check = validateSale(draft, company);
      if (!check.ok) {
        const companyProblem = check.errors.some((e) => e.path.startsWith('company'));
        showErrors(companyProblem ? 'Revise los datos de la empresa en Ajustes.' : 'Revise los datos del comprobante.', check.errors, lineIndex);
        return;
      }
      let result = await call((api) => api.issueSale({ ...input, clientKey: saleKey.current }));
      // A doubtful clock, or numbering that could not be confirmed after a recovery: the cashier decides,
      // and the retry of the same sale says what was confirmed (the core records it).
      const confirmed: Confirmation[] = [];
      for (let asked = CONFIRMATIONS[result.ok ? '' : result.error.code]; asked && !confirmed.includes(asked); asked = CONFIRMATIONS[result.ok ? '' : result.error.code]) {
        if (result.ok || !window.confirm(result.error.message)) break;
        confirmed.push(asked);
        result = await call((api) => api.issueSale({ ...input, clientKey: saleKey.current, confirmed: [...confirmed] }));
      }
      if (!result.ok) {
        // A discount beyond the limit: the supervisor's PIN is asked on the form, F12 again sends it.
        // The PIN field appears empty, not red: the message above says what is asked.
        const asked = result.error.code === 'approval_required';
        if (asked) setApprovalAsked(true);
        showErrors(result.error.message, (result.error.fields ?? []).filter((f) => !(asked && f.path === 'approval')), lineIndex);
        return;
      }
      setApprovalAsked(false);
      saleKey.current = newIntentKey();
      form.reset(emptySale());
      const contado = values.payment.method === 'CONTADO';
      // What card, Yape... paid: the change on the customer's screen comes from cash only.
      const otherPaid = contado ? values.payment.others.reduce((sum, o) => sum.plus(parseMoney(o.amount) ?? 0), new Decimal(0)).toFixed(2) : '0.00';
      onIssued(result.value, contado ? values.payment.cashReceived : '', otherPaid);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [form, onIssued, settings, showErrors]);

  /** Runs `issue` through react-hook-form's submit so edited fields clear their errors as the cashier fixes them. */
  const submit = useCallback(() => {
    form.clearErrors();
    void form.handleSubmit(issue)();
  }, [form, issue]);

  const dismissFailure = useCallback(() => setFailure(null), []);
  /** The sale was cancelled: what the cashier rings up next is another sale, under a key of its own. */
  const newSale = useCallback(() => {
    saleKey.current = newIntentKey();
  }, []);
  return { busy, failure, submit, approvalAsked, dismissFailure, newSale };
}
