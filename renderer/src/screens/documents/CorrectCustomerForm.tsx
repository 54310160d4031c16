// "Corregir y reenviar": the customer of a document the API refused ('invalid'), corrected and sent again
// under the same number. The form checks what the sale's form checks (the shared CustomerSchema: DNI of 8 digits, a
// valid RUC, a name) and that a factura goes to a RUC (the sale rule checkCustomerForDocType); the core then runs every
// sale rule on the rebuilt document and its field errors come back onto these fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CustomerSchema, type SaleCustomer } from '../../../../shared/billing';
import { checkCustomerForDocType } from '../../../../shared/billing/sale-rules';
import type { DocumentDetail, DocumentSummary } from '../../../../shared/bridge';
import { IDENTITY_DOC_TYPES } from '../../../../shared/catalog';
import { Alert } from '../../components/Alert';
import { Field, fieldAria } from '../../components/Field';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';
import { CUSTOMER_DOC_TYPES } from '../sale/CustomerSection';

interface Values {
  docType: string;
  docNumber: string;
  name: string;
  address: string;
}
type FieldName = 'docType' | 'docNumber' | 'name' | 'address';
const FIELDS: readonly FieldName[] = ['docType', 'docNumber', 'name', 'address'];

/** The shared customer schema plus the document type's rule, their findings on this form's own fields. */
function schemaFor(docType: '01' | '03') {
  const text = z.string();
  return z.object({ docType: text, docNumber: text, name: text, address: text }).transform((values, ctx): SaleCustomer => {
    const parsed = CustomerSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map(String) });
      return z.NEVER;
    }
    checkCustomerForDocType({ docType, customer: parsed.data }, {
      addIssue: (issue) => ctx.addIssue({ code: 'custom', message: issue.message, path: (issue.path ?? []).filter((p) => p !== 'customer').map(String) }),
    });
    return parsed.data;
  });
}

/** The customer as stored in the payload, as the form shows it (the anonymous buyer as "Sin documento"). */
function initialValues(detail: DocumentDetail): Values {
  const p = JSON.parse(detail.payload) as { cliente_Tipo_Doc?: string; cliente_Num_Doc?: string; cliente_Razon_Social?: string; cliente_Direccion?: string };
  const anonymous = p.cliente_Tipo_Doc === '0' && p.cliente_Num_Doc === '00000000';
  return {
    docType: p.cliente_Tipo_Doc ?? '',
    docNumber: anonymous ? '' : (p.cliente_Num_Doc ?? ''),
    name: anonymous ? '' : (p.cliente_Razon_Social ?? ''),
    address: p.cliente_Direccion === '-' ? '' : (p.cliente_Direccion ?? ''),
  };
}

export function CorrectCustomerForm({ detail, onDone, onCancel }: { detail: DocumentDetail; onDone: (summary: DocumentSummary) => void; onCancel: () => void }): React.JSX.Element {
  const defaults = initialValues(detail);
  const { register, handleSubmit, setError, control, formState } = useForm<Values, unknown, SaleCustomer>({
    defaultValues: defaults,
    resolver: zodResolver(schemaFor(detail.docType === '01' ? '01' : '03')),
  });
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One correction per opening of the form; its retries after an error carry the same key.
  const intent = useIntentKey();
  const e = formState.errors;
  const docType = useWatch({ control, name: 'docType' });
  // A factura goes only to a RUC; a boleta offers the till's documents, plus the stored one when it is another.
  const offered = detail.docType === '01' ? CUSTOMER_DOC_TYPES.filter((t) => t.code === '6') : CUSTOMER_DOC_TYPES;
  const stored = offered.some((t) => t.code === defaults.docType) ? null : IDENTITY_DOC_TYPES.find((t) => t.code === defaults.docType);

  const submit = async (customer: SaleCustomer) => {
    setBusy(true);
    const result = await call((api) => api.correctDocument({ id: detail.id, customer, clientKey: intent.current() }));
    setBusy(false);
    if (result.ok) {
      intent.done();
      onDone(result.value);
      return;
    }
    // The core's findings on the customer ('customer.docNumber') go onto their fields; the message says the rest.
    for (const f of result.error.fields ?? []) {
      const name = f.path.split('.').find((part): part is FieldName => (FIELDS as readonly string[]).includes(part));
      if (name) setError(name, { message: f.message });
    }
    setMessage(result.error.message);
  };

  return (
    <form className="panel detail__correct" aria-label="Corregir los datos del cliente" noValidate onSubmit={handleSubmit(submit)}>
      <h3>Corregir y reenviar</h3>
      <p className="muted">
        Se reenvía con el mismo número ({detail.series}-{String(detail.number).padStart(8, '0')}): la API no lo aceptó y SUNAT no lo registró.
        Los importes y los pagos no cambian.
      </p>
      <div className="customer__grid">
        <Field id="correct-docType" label="Tipo de documento" error={e.docType?.message}>
          <select {...fieldAria('correct-docType', e.docType?.message)} {...register('docType')}>
            {stored ? <option value={stored.code}>{stored.label}</option> : null}
            {defaults.docType === '' ? <option value="">Elija…</option> : null}
            {offered.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="correct-docNumber" label="Número de documento" error={e.docNumber?.message}>
          <input {...fieldAria('correct-docNumber', e.docNumber?.message)} {...register('docNumber')} autoComplete="off" inputMode={docType === '1' || docType === '6' ? 'numeric' : 'text'} />
        </Field>
        <Field id="correct-name" label={docType === '6' ? 'Razón social' : 'Nombre'} error={e.name?.message} className="customer__wide">
          <input {...fieldAria('correct-name', e.name?.message)} {...register('name')} autoComplete="off" />
        </Field>
        <Field id="correct-address" label="Dirección" error={e.address?.message} className="customer__wide">
          <input {...fieldAria('correct-address', e.address?.message)} {...register('address')} autoComplete="off" />
        </Field>
      </div>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div className="detail__actions">
        <button type="submit" className="button--primary" disabled={busy}>
          Guardar y reenviar
        </button>
        <button type="button" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
