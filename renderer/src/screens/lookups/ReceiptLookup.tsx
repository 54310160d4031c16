// Boleta or factura record by RUC, series and number (docs/api/invoicing-api.md §2.8), with a reprint from the record.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ReceiptRecord } from '../../../../shared/api';
import { ReceiptLookupInputSchema, type ReceiptLookupInput } from '../../../../shared/bridge';
import { ticketFromRecord } from '../../../print/ticket-data';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { Field, fieldAria } from '../../components/Field';
import { TicketDialog } from '../../components/TicketDialog';
import { call } from '../../pos';
import { RecordView } from './RecordView';

type FormValues = z.input<typeof ReceiptLookupInputSchema>;

export function ReceiptLookup(): React.JSX.Element {
  const { settings } = useSettings();
  const { register, handleSubmit, formState } = useForm<FormValues, unknown, ReceiptLookupInput>({
    defaultValues: { kind: 'boleta', ruc: settings?.company.ruc ?? '', series: '', number: '' },
    resolver: zodResolver(ReceiptLookupInputSchema),
  });
  const [record, setRecord] = useState<{ record: ReceiptRecord; lookup: ReceiptLookupInput } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState(false);
  const e = formState.errors;

  const search = async (input: ReceiptLookupInput) => {
    setBusy(true);
    const result = await call((api) => api.lookupReceipt(input));
    setBusy(false);
    if (result.ok) {
      setRecord({ record: result.value, lookup: input });
      setError(null);
    } else {
      setRecord(null);
      setError(result.error.message);
    }
  };

  return (
    <div className="lookup">
      <form className="lookup__form" noValidate onSubmit={handleSubmit(search)} aria-label="Consultar boleta o factura">
        <Field id="receipt-kind" label="Tipo">
          <select id="receipt-kind" {...register('kind')}>
            <option value="boleta">Boleta</option>
            <option value="factura">Factura</option>
          </select>
        </Field>
        <Field id="receipt-ruc" label="RUC del emisor" error={e.ruc?.message}>
          <input {...fieldAria('receipt-ruc', e.ruc?.message)} {...register('ruc')} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field id="receipt-series" label="Serie" error={e.series?.message}>
          <input {...fieldAria('receipt-series', e.series?.message)} {...register('series')} autoComplete="off" className="input--short" />
        </Field>
        <Field id="receipt-number" label="Número" error={e.number?.message}>
          <input {...fieldAria('receipt-number', e.number?.message)} {...register('number')} inputMode="numeric" autoComplete="off" className="input--short" />
        </Field>
        <button type="submit" className="button--primary" disabled={busy}>
          {busy ? 'Consultando…' : 'Consultar'}
        </button>
      </form>
      {error ? <Alert tone="error" title="No se encontró el comprobante">{error}</Alert> : null}
      {record ? (
        <>
          <RecordView record={record.record} />
          <button type="button" onClick={() => setPrinting(true)}>
            Reimprimir desde la consulta
          </button>
        </>
      ) : null}
      {record && printing ? (
        <TicketDialog
          title="Reimpresión desde la consulta"
          data={ticketFromRecord(record.record)}
          source={{ kind: 'record', lookup: record.lookup }}
          onClose={() => setPrinting(false)}
        />
      ) : null}
    </div>
  );
}
