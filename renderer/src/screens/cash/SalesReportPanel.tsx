// Caja → Reporte de ventas: the sales of a day or a range by method, cashier, type, status and session,
// on screen, on the ticket printer, and as CSV for the accountant. A supervisor's (the core refuses a cashier).
import { useState } from 'react';
import type { PrintSource } from '../../../../shared/bridge';
import { SalesReportInputSchema, type SalesReport } from '../../../../shared/cash';
import { SalesReportTicket } from '../../../print/SalesReportTicket';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { DayInput } from '../../components/DayInput';
import { downloadBase64 } from '../../components/download';
import { Field, fieldAria } from '../../components/Field';
import { todayLima } from '../../format/dates';
import { call } from '../../pos';
import { usePrint } from '../../print/usePrint';
import { PaymentOperations } from './PaymentOperations';

export function SalesReportPanel(): React.JSX.Element {
  const { settings } = useSettings();
  const [range, setRange] = useState(() => ({ from: todayLima(), to: todayLima(), scope: 'till' as 'till' | 'shop' }));
  // Across the shop's tills when this till has a shop server.
  const shop = settings?.shopServer.settings.enabled === true && !settings.demo;
  const [report, setReport] = useState<SalesReport | null>(null);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const source: PrintSource = { kind: 'salesReport', from: report?.from ?? range.from, to: report?.to ?? range.to, scope: report?.scope ?? range.scope };
  const { busy, outcome, run } = usePrint({ source, copy: false });

  /** The range when it reads as two days in order; else the messages go on the fields. */
  const checked = () => {
    const parsed = SalesReportInputSchema.safeParse(range);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    return null;
  };

  const show = async () => {
    const input = checked();
    if (!input) return;
    const result = await call((api) => api.getSalesReport(input));
    setMessage(result.ok ? null : result.error.message);
    setReport(result.ok ? result.value : null);
  };

  const csv = async () => {
    const input = checked();
    if (!input) return;
    const result = await call((api) => api.exportSalesReport(input));
    if (result.ok) downloadBase64(result.value.base64, result.value.fileName, 'text/csv');
    setMessage(result.ok ? `Descargado: ${result.value.fileName}` : result.error.message);
  };

  return (
    <section className="panel cash__sales" aria-labelledby="sales-report-title">
      <h2 id="sales-report-title">Reporte de ventas</h2>
      <form className="settings__inline" noValidate aria-label="Periodo del reporte" onSubmit={(e) => { e.preventDefault(); void show(); }}>
        <Field id="report-from" label="Desde" error={errors.from}>
          <DayInput {...fieldAria('report-from', errors.from)} value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} />
        </Field>
        <Field id="report-to" label="Hasta" error={errors.to}>
          <DayInput {...fieldAria('report-to', errors.to)} value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} />
        </Field>
        {shop ? (
          <label className="field field--check">
            <input type="checkbox" checked={range.scope === 'shop'} onChange={(e) => setRange((r) => ({ ...r, scope: e.target.checked ? 'shop' : 'till' }))} /> Todas las cajas
          </label>
        ) : null}
        <button type="submit">Ver reporte</button>
        <button type="button" onClick={() => void csv()}>
          Descargar CSV
        </button>
        {report ? (
          <button type="button" disabled={busy !== null} onClick={() => void run('print', settings?.printer.paper === '58mm' ? '58mm' : '80mm')}>
            Imprimir reporte
          </button>
        ) : null}
      </form>
      {message ? <Alert tone={message.startsWith('Descargado') ? 'success' : 'error'}>{message}</Alert> : null}
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      {report ? <SalesReportTicket report={report} issuer={settings?.company ?? { ruc: '', name: '', tradeName: '' }} /> : null}
      {report ? <PaymentOperations report={report} /> : null}
    </section>
  );
}
