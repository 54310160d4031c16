// This till: its series for boletas and facturas (with the next numbers), its printer and paper.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SettingsUpdateSchema, type SettingsView } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { Field, fieldAria } from '../../components/Field';
import { documentNumber } from '../../format/dates';
import { call } from '../../pos';
import { handleSave, type SaveMessage } from './save-result';
import { useDirtyGuard } from '../../app/unsaved';
import { SettingsSection } from './SettingsSection';

const TerminalSchema = z.object({
  series: SettingsUpdateSchema.shape.series.unwrap(),
  printer: SettingsUpdateSchema.shape.printer.unwrap(),
});
type TerminalForm = z.input<typeof TerminalSchema>;

export function TerminalSettings({ settings }: { settings: SettingsView }): React.JSX.Element {
  const { replace } = useSettings();
  const { register, handleSubmit, formState, setError, reset, getValues } = useForm<TerminalForm, unknown, z.output<typeof TerminalSchema>>({
    defaultValues: {
      series: { boleta: settings.series.boleta.series, factura: settings.series.factura.series },
      printer: settings.printer,
    },
    resolver: zodResolver(TerminalSchema),
  });
  const [message, setMessage] = useState<SaveMessage>(null);
  const e = formState.errors;
  useDirtyGuard('terminal', formState.isDirty);
  const { boleta, factura } = settings.series;
  const hints = {
    boleta: `Próximo: ${documentNumber(boleta.series, boleta.nextNumber)}`,
    factura: `Próximo: ${documentNumber(factura.series, factura.nextNumber)}`,
    printer: 'Vacío: la impresora predeterminada del sistema',
  };

  const save = async (input: z.output<typeof TerminalSchema>) => {
    const result = await call((api) => api.saveSettings(input));
    setMessage(handleSave(result, '', setError, replace));
    if (result.ok) reset(getValues()); // saved: nothing unsaved any more
  };

  return (
    <SettingsSection id="settings-terminal" title="Esta caja" message={message}>
      <form className="settings__form settings__grid" noValidate onSubmit={handleSubmit(save)} aria-label="Series e impresora">
        <Field id="series-boleta" label="Serie de boletas" error={e.series?.boleta?.message} hint={hints.boleta}>
          <input {...fieldAria('series-boleta', e.series?.boleta?.message, hints.boleta)} {...register('series.boleta')} autoComplete="off" className="input--short" />
        </Field>
        <Field id="series-factura" label="Serie de facturas" error={e.series?.factura?.message} hint={hints.factura}>
          <input {...fieldAria('series-factura', e.series?.factura?.message, hints.factura)} {...register('series.factura')} autoComplete="off" className="input--short" />
        </Field>
        <Field id="printer-device" label="Impresora" error={e.printer?.deviceName?.message} hint={hints.printer} className="settings__wide">
          <input {...fieldAria('printer-device', e.printer?.deviceName?.message, hints.printer)} {...register('printer.deviceName')} autoComplete="off" />
        </Field>
        <Field id="printer-paper" label="Papel">
          <select id="printer-paper" {...register('printer.paper')}>
            <option value="80mm">Ticket 80 mm</option>
            <option value="58mm">Ticket 58 mm</option>
            <option value="A4">A4</option>
          </select>
        </Field>
        <div className="settings__actions">
          <button type="submit">Guardar caja</button>
        </div>
      </form>
    </SettingsSection>
  );
}
