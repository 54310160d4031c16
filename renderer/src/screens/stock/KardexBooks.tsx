// Inventario → Libros PLE: the month's kardex in SUNAT's permanent inventory books for the accountant, 12.1 in units
// and 13.1 valued (layout: docs/sunat/ple-kardex.md), saved as the .txt PLE takes.
import { useState } from 'react';
import { SirePeriodSchema, type KardexBookInput } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { downloadLatin1 } from '../../components/download';
import { Field, fieldAria } from '../../components/Field';
import { todayLima } from '../../format/dates';
import { call } from '../../pos';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function KardexBooks(): React.JSX.Element {
  const [period, setPeriod] = useState(todayLima().slice(0, 7));
  const [periodError, setPeriodError] = useState<string | undefined>();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (book: KardexBookInput['book']) => {
    const parsed = SirePeriodSchema.safeParse(period);
    setPeriodError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return setMessage(null);
    setBusy(true);
    const result = await call((api) => api.exportKardexBook({ period: parsed.data, book }));
    setBusy(false);
    if (!result.ok) return setMessage({ tone: 'error', text: result.error.message });
    const { fileName, text, products, movements, closingValue } = result.value;
    downloadLatin1(text, fileName);
    setMessage({
      tone: 'success',
      text: products === 0
        ? `Descargado: ${fileName} (sin información: ningún producto tuvo stock ni movimientos en el mes).`
        : `Descargado: ${fileName} (${plural(products, 'producto', 'productos')}, ${plural(movements, 'movimiento', 'movimientos')}; valor al cierre S/ ${closingValue}).`,
    });
  };

  return (
    <section className="stock__books" aria-labelledby="stock-books-title" data-testid="kardex-books">
      <h2 id="stock-books-title">Libros PLE del kardex</h2>
      <p className="muted">Registro del inventario permanente del mes para el contador, en el formato del PLE de SUNAT.</p>
      <div className="stock__books-row">
        <Field id="kardex-book-period" label="Periodo (AAAA-MM)" error={periodError}>
          <input {...fieldAria('kardex-book-period', periodError)} className="input--short" value={period} onChange={(e) => setPeriod(e.target.value)} />
        </Field>
        <button type="button" disabled={busy} onClick={() => void save('12.1')}>
          12.1 en unidades
        </button>
        <button type="button" disabled={busy} onClick={() => void save('13.1')}>
          13.1 valorizado
        </button>
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </section>
  );
}
