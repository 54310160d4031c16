// Notes and voiding: the deadline to void a boleta or a factura (days after its issue date; the rule is in
// electron/core/services/void-document.ts), and this till's note series, read-only (they follow its invoice series).
import { useEffect, useState } from 'react';
import { VoidDeadlinesSchema, type VoidSettingsView } from '../../../../shared/bridge';
import { Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';
import { SettingsSection } from './SettingsSection';

const HINTS = { boleta: 'Desde su fecha de emisión (resumen diario)', factura: 'Desde su fecha de emisión (comunicación de baja)' };

export function VoidSettings(): React.JSX.Element {
  const [view, setView] = useState<VoidSettingsView | null>(null);
  const [boleta, setBoleta] = useState('');
  const [factura, setFactura] = useState('');
  const [message, setMessage] = useState<SaveMessage>(null);

  useEffect(() => {
    void call((api) => api.getVoidSettings({})).then((result) => {
      if (!result.ok) return setMessage({ tone: 'error', text: result.error.message });
      setView(result.value);
      setBoleta(String(result.value.deadlines.boletaDays));
      setFactura(String(result.value.deadlines.facturaDays));
    });
  }, []);

  const save = async () => {
    const input = { boletaDays: Number(boleta), facturaDays: Number(factura) };
    const checked = VoidDeadlinesSchema.safeParse(input);
    if (!checked.success) return setMessage({ tone: 'error', text: checked.error.issues[0]?.message ?? 'Revise los días.' });
    const result = await call((api) => api.saveVoidSettings(input));
    if (!result.ok) return setMessage({ tone: 'error', text: result.error.message });
    setView(result.value);
    setMessage({ tone: 'success', text: 'Cambios guardados.' });
  };

  return (
    <SettingsSection id="settings-voids" title="Notas y anulaciones" message={message}>
      <form
        className="settings__form settings__grid"
        noValidate
        aria-label="Plazo para anular"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field id="void-boleta-days" label="Días para anular una boleta" hint={HINTS.boleta}>
          <input {...fieldAria('void-boleta-days', undefined, HINTS.boleta)} inputMode="numeric" value={boleta} onChange={(e) => setBoleta(e.target.value)} className="input--short" />
        </Field>
        <Field id="void-factura-days" label="Días para anular una factura" hint={HINTS.factura}>
          <input {...fieldAria('void-factura-days', undefined, HINTS.factura)} inputMode="numeric" value={factura} onChange={(e) => setFactura(e.target.value)} className="input--short" />
        </Field>
        <p className="muted settings__wide">
          Los plazos de SUNAT no son del todo claros: por omisión, 3 días para boletas y 7 para facturas. Pasado el plazo, un
          comprobante se deja sin efecto con una nota de crédito.
        </p>
        <div className="settings__wide">
          <button type="submit">Guardar plazos</button>
        </div>
      </form>
      {view ? (
        <dl className="detail__facts" data-testid="note-series">
          <dt>Notas de crédito de boletas</dt>
          <dd>{view.noteSeries.creditBoleta}</dd>
          <dt>Notas de crédito de facturas</dt>
          <dd>{view.noteSeries.creditFactura}</dd>
          <dt>Notas de débito de boletas</dt>
          <dd>{view.noteSeries.debitBoleta}</dd>
          <dt>Notas de débito de facturas</dt>
          <dd>{view.noteSeries.debitFactura}</dd>
        </dl>
      ) : null}
    </SettingsSection>
  );
}
