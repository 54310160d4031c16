// Customer autofill: a complete DNI is looked up (customer book, then the API); a RUC is checked with its check
// digit and filled from the customer book. Never blocks the sale: a note explains when nothing came back.
import { useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { isValidRuc } from '../../../../shared/ids';
import { call } from '../../pos';
import type { SaleFormValues } from './form-values';

export interface LookupState {
  /** 'invalid': a complete RUC whose check digit is wrong (shown as the field's error while typing). */
  status: 'idle' | 'searching' | 'found' | 'note' | 'invalid';
  message: string;
  /** RUC lookup: the taxpayer is not ACTIVO/HABIDO at SUNAT (the sale goes on; the cashier is told). */
  warning?: string;
}

const FOUND_TEXT = {
  book: 'Datos tomados de la libreta de clientes.',
  api: { '1': 'Datos obtenidos de la consulta de DNI.', '6': 'Datos obtenidos de SUNAT (consulta RUC).' },
  cache: 'Datos de la última consulta de RUC (guardada).',
  none: '',
} as const;

type Query = { kind: 'none' } | { kind: 'invalid' } | { kind: 'lookup'; docType: '1' | '6'; number: string };

/** What the typed document asks for, decided during render (no state needed). */
function queryOf(docType: string, docNumber: string): Query {
  const number = docNumber.trim();
  if (docType === '1' && /^\d{8}$/.test(number)) return { kind: 'lookup', docType: '1', number };
  if (docType === '6' && /^\d{11}$/.test(number)) {
    return isValidRuc(number) ? { kind: 'lookup', docType: '6', number } : { kind: 'invalid' };
  }
  return { kind: 'none' };
}

export function useCustomerLookup(form: UseFormReturn<SaleFormValues>): LookupState {
  const { control, setValue, clearErrors, getValues } = form;
  const [docType, docNumber] = useWatch({ control, name: ['customer.docType', 'customer.docNumber'] });
  const [answer, setAnswer] = useState<{ key: string; state: LookupState } | null>(null);
  const query = queryOf(docType, docNumber);
  const key = query.kind === 'lookup' ? `${query.docType}:${query.number}` : '';

  useEffect(() => {
    if (key === '') return;
    const [type, number] = key.split(':') as ['1' | '6', string];
    let current = true;
    void call((api) => api.lookupCustomer({ docType: type, docNumber: number })).then((result) => {
      // The cashier kept typing: this answer is stale.
      if (!current || getValues('customer.docNumber').trim() !== number) return;
      let state: LookupState;
      if (!result.ok) state = { status: 'note', message: `${result.error.message} Ingrese los datos a mano.` };
      else if (result.value.found && result.value.customer) {
        setValue('customer.name', result.value.customer.name, { shouldDirty: true });
        setValue('customer.address', result.value.customer.address, { shouldDirty: true });
        clearErrors(['customer.name', 'customer.address']);
        const { source, warning, note } = result.value;
        const text = source === 'api' ? FOUND_TEXT.api[type] : FOUND_TEXT[source];
        state = { status: 'found', message: note ? `${text} ${note}` : text, ...(warning ? { warning } : {}) };
      } else state = { status: 'note', message: result.value.note ?? 'No se encontraron datos: ingrese el nombre a mano.' };
      setAnswer({ key, state });
    });
    return () => {
      current = false;
    };
  }, [key, setValue, clearErrors, getValues]);

  if (query.kind === 'invalid') return { status: 'invalid', message: 'RUC no válido: revise el número (dígito verificador)' };
  if (query.kind === 'none') return { status: 'idle', message: '' };
  if (answer?.key === key) return answer.state;
  return { status: 'searching', message: query.docType === '1' ? 'Buscando DNI…' : 'Buscando RUC…' };
}
