// Impresora de tickets: the ticket printer spoken to in raw ESC/POS (network, CUPS, USB device or the
// Windows spooler), its paper (58 / 80 mm), code page, drawer pulse and logo, with "Imprimir prueba". Tickets,
// reprints, the X and the Z then print at once; A4 and PDFs keep the system's printer ("Esta caja").
import { useEffect, useState } from 'react';
import {
  CODE_PAGE_LABELS,
  CODE_PAGES,
  TICKET_TRANSPORT_LABELS,
  TICKET_TRANSPORTS,
  TicketPrinterSchema,
  type TicketPrinter,
} from '../../../../shared/printing/settings';
import { useDirtyGuard } from '../../app/unsaved';
import { CheckboxField, Field, fieldAria } from '../../components/Field';
import { call } from '../../pos';
import type { SaveMessage } from './save-result';
import { SettingsSection } from './SettingsSection';
import { LogoPreview, logoFrom } from './ticket-logo';

export function PrinterSettings(): React.JSX.Element {
  const [saved, setSaved] = useState<TicketPrinter | null>(null);
  const [printer, setPrinter] = useState<TicketPrinter | null>(null);
  const [port, setPort] = useState('9100');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<SaveMessage>(null);
  const [busy, setBusy] = useState<'save' | 'test' | 'find' | null>(null);
  const [targets, setTargets] = useState<{ queues: string[]; devices: string[] } | null>(null);
  const edited = printer ? { ...printer, port: Number(port) } : null;
  useDirtyGuard('ticket-printer', saved !== null && JSON.stringify(edited) !== JSON.stringify(saved));

  useEffect(() => {
    let alive = true;
    void call((api) => api.getTicketPrinter({})).then((result) => {
      if (!alive) return;
      if (!result.ok) {
        setMessage({ tone: 'error', text: result.error.message });
        return;
      }
      setSaved(result.value);
      setPrinter(result.value);
      setPort(String(result.value.port));
    });
    return () => {
      alive = false;
    };
  }, []);

  if (!printer || !edited) {
    return (
      <SettingsSection id="settings-ticket-printer" title="Impresora de tickets" message={message}>
        <p aria-busy="true">Cargando…</p>
      </SettingsSection>
    );
  }

  const set = <K extends keyof TicketPrinter>(key: K, value: TicketPrinter[K]) => setPrinter({ ...printer, [key]: value });

  /** The form checked with the bridge's own schema; errors placed on their fields. */
  const checked = (): TicketPrinter | null => {
    const parsed = TicketPrinterSchema.safeParse(edited);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
    setMessage({ tone: 'error', text: 'Revise los datos de la impresora de tickets.' });
    return null;
  };

  const save = async () => {
    const value = checked();
    if (!value) return;
    setBusy('save');
    const result = await call((api) => api.saveTicketPrinter(value));
    setBusy(null);
    if (!result.ok) {
      setErrors(Object.fromEntries((result.error.fields ?? []).map((f) => [f.path.split('.').at(-1) ?? f.path, f.message])));
      setMessage({ tone: 'error', text: result.error.message });
      return;
    }
    setSaved(result.value);
    setPrinter(result.value);
    setMessage({ tone: 'success', text: 'Cambios guardados.' });
  };

  const test = async () => {
    const value = checked();
    if (!value) return;
    setBusy('test');
    const result = await call((api) => api.testTicketPrinter({ printer: value }));
    setBusy(null);
    if (!result.ok) setMessage({ tone: 'error', text: result.error.message });
    else setMessage({ tone: result.value.ok ? 'success' : 'error', text: result.value.message });
  };

  /** Fills the suggestions of the printer and device fields with what this machine knows. */
  const find = async () => {
    setBusy('find');
    const result = await call((api) => api.listTicketPrinterTargets({}));
    setBusy(null);
    if (!result.ok) {
      setMessage({ tone: 'error', text: result.error.message });
      return;
    }
    setTargets(result.value);
    const found = printer.transport === 'device' ? result.value.devices : result.value.queues;
    setMessage(found.length > 0 ? null : { tone: 'error', text: 'No se encontraron impresoras en este equipo. Revise que esté conectada y encendida.' });
    if (found.length === 1) set(printer.transport === 'device' ? 'device' : 'queue', found[0]!);
  };

  const chooseLogo = async (file: File | undefined) => {
    if (!file) return;
    try {
      set('logo', await logoFrom(file));
    } catch {
      setMessage({ tone: 'error', text: 'No se pudo leer la imagen. Elija un archivo PNG o JPG.' });
    }
  };

  const raw = printer.transport !== 'driver';
  const hints = {
    transport: raw ? 'Tickets, reimpresiones, X y Z salen al instante por esta conexión. A4 y PDF siguen con la impresora de «Esta caja».' : 'Los tickets salen por la impresora del sistema elegida en «Esta caja».',
    host: 'IP fija de la impresora en la red de la tienda',
    queue: printer.transport === 'windows' ? 'Nombre exacto en Configuración → Impresoras (ej. EPSON TM-T20II Receipt)' : 'Nombre de la cola (lpstat -p), creada como «Raw»',
    device: 'Normalmente /dev/usb/lp0',
    codePage: 'PC850 imprime ñ, tildes y ¿¡ en casi todas las impresoras ESC/POS',
    pulse: 'Con «Imprimir al emitir» activo, en una venta en efectivo el cajón se abre con su ticket, en el mismo envío (y no aparte). Si el ticket no se imprime, el cajón no se abre. Las devoluciones y movimientos de caja abren el cajón como indica «Caja y cajón».',
  };

  return (
    <SettingsSection id="settings-ticket-printer" title="Impresora de tickets" message={message}>
      <form className="settings__form settings__grid" noValidate aria-label="Impresora de tickets" onSubmit={(e) => (e.preventDefault(), void save())}>
        <Field id="ticket-transport" label="Conexión" hint={hints.transport} className="settings__wide">
          <select {...fieldAria('ticket-transport', undefined, hints.transport)} value={printer.transport} onChange={(e) => set('transport', e.target.value as TicketPrinter['transport'])}>
            {TICKET_TRANSPORTS.map((t) => (
              <option key={t} value={t}>
                {TICKET_TRANSPORT_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        {printer.transport === 'tcp' ? (
          <>
            <Field id="ticket-host" label="Dirección IP" error={errors.host} hint={hints.host}>
              <input {...fieldAria('ticket-host', errors.host, hints.host)} value={printer.host} onChange={(e) => set('host', e.target.value)} autoComplete="off" />
            </Field>
            <Field id="ticket-port" label="Puerto" error={errors.port}>
              <input {...fieldAria('ticket-port', errors.port)} value={port} onChange={(e) => setPort(e.target.value)} inputMode="numeric" className="input--short" />
            </Field>
          </>
        ) : null}
        {printer.transport === 'cups' || printer.transport === 'windows' ? (
          <Field id="ticket-queue" label="Impresora" error={errors.queue} hint={hints.queue} className="settings__wide">
            <input {...fieldAria('ticket-queue', errors.queue, hints.queue)} value={printer.queue} onChange={(e) => set('queue', e.target.value)} autoComplete="off" list="ticket-queue-list" />
            <datalist id="ticket-queue-list">
              {(targets?.queues ?? []).map((q) => (
                <option key={q} value={q} />
              ))}
            </datalist>
          </Field>
        ) : null}
        {printer.transport === 'device' ? (
          <Field id="ticket-device" label="Dispositivo" error={errors.device} hint={hints.device}>
            <input {...fieldAria('ticket-device', errors.device, hints.device)} value={printer.device} onChange={(e) => set('device', e.target.value)} autoComplete="off" list="ticket-device-list" />
            <datalist id="ticket-device-list">
              {(targets?.devices ?? []).map((d) => (
                <option key={d} value={d} />
              ))}
            </datalist>
          </Field>
        ) : null}
        {raw ? (
          <>
            <Field id="ticket-width" label="Papel">
              <select id="ticket-width" value={printer.width} onChange={(e) => set('width', e.target.value as TicketPrinter['width'])}>
                <option value="80mm">80 mm (48 columnas)</option>
                <option value="58mm">58 mm (32 columnas)</option>
              </select>
            </Field>
            <Field id="ticket-codepage" label="Página de códigos" hint={hints.codePage}>
              <select {...fieldAria('ticket-codepage', undefined, hints.codePage)} value={printer.codePage} onChange={(e) => set('codePage', e.target.value as TicketPrinter['codePage'])}>
                {CODE_PAGES.map((c) => (
                  <option key={c} value={c}>
                    {CODE_PAGE_LABELS[c]}
                  </option>
                ))}
              </select>
            </Field>
            <CheckboxField id="ticket-pulse" label="Abrir el cajón con el ticket (ventas en efectivo)">
              <input id="ticket-pulse" type="checkbox" checked={printer.drawerPulse} onChange={(e) => set('drawerPulse', e.target.checked)} aria-describedby="ticket-pulse-hint" />
            </CheckboxField>
            <p id="ticket-pulse-hint" className="field__hint settings__wide">
              {hints.pulse}
            </p>
            <Field id="ticket-logo" label="Logo (opcional)" className="settings__wide">
              <input id="ticket-logo" type="file" accept="image/png,image/jpeg,image/bmp,image/gif" onChange={(e) => void chooseLogo(e.target.files?.[0])} />
            </Field>
            {printer.logo ? (
              <div className="settings__wide">
                <LogoPreview logo={printer.logo} />
                <button type="button" onClick={() => set('logo', null)}>
                  Quitar logo
                </button>
              </div>
            ) : null}
          </>
        ) : null}
        <div className="settings__actions">
          <button type="submit" disabled={busy !== null}>
            Guardar impresora de tickets
          </button>
          {printer.transport === 'cups' || printer.transport === 'windows' || printer.transport === 'device' ? (
            <button type="button" disabled={busy !== null} onClick={() => void find()}>
              {busy === 'find' ? 'Buscando…' : 'Buscar impresoras'}
            </button>
          ) : null}
          {raw ? (
            <button type="button" disabled={busy !== null} onClick={() => void test()}>
              {busy === 'test' ? 'Imprimiendo…' : 'Imprimir prueba'}
            </button>
          ) : null}
        </div>
      </form>
    </SettingsSection>
  );
}
