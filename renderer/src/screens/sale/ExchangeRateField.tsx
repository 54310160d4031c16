// Moneda: Dólares. The day's exchange rate the sale converts at (soles per US dollar): asked of SUNAT through the
// provider when today has none, or typed by the cashier (offline, or to use the shop's own). Shown as it will print.
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ExchangeRateView } from '../../../../shared/bridge';
import { exchangeRateText } from '../../../../shared/printing/format';
import { call } from '../../pos';
import type { SaleFormValues } from './form-values';

const SOURCE_LABELS = { provider: 'SUNAT', manual: 'ingresado a mano' } as const;

export function ExchangeRateField({ form }: { form: UseFormReturn<SaleFormValues> }): React.JSX.Element {
  const { setValue } = form;
  const [view, setView] = useState<ExchangeRateView | null>(null);
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const show = (next: ExchangeRateView) => {
    setView(next);
    setValue('exchangeRate', next.rate ?? '');
    setMessage(next.note ?? null);
    if (next.rate) setEditing(false);
  };

  const fetchRate = async () => {
    setBusy(true);
    const result = await call((api) => api.fetchExchangeRate({}));
    setBusy(false);
    if (result.ok) show(result.value);
    else setMessage(result.error.message);
  };

  // Today's rate as stored; none yet: SUNAT's, asked once (offline, the cashier types it).
  useEffect(() => {
    let live = true;
    void call((api) => api.getExchangeRate({})).then(async (result) => {
      if (!live) return;
      if (!result.ok) return setMessage(result.error.message);
      show(result.value);
      if (result.value.rate === null) await fetchRate();
    });
    return () => {
      live = false;
      setValue('exchangeRate', '');
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per choice of Dólares
  }, []);

  const save = async () => {
    setBusy(true);
    const result = await call((api) => api.setExchangeRate({ rate: typed }));
    setBusy(false);
    if (result.ok) {
      show(result.value);
      setTyped('');
    } else setMessage(result.error.fields?.[0]?.message ?? result.error.message);
  };

  const rate = view?.rate ?? null;
  return (
    <div className="exchange-rate" role="group" aria-label="Tipo de cambio">
      {rate && !editing ? (
        <p className="exchange-rate__value">
          <span className="sale-header__label">Tipo de cambio de hoy</span>
          <output data-testid="exchange-rate">{exchangeRateText(rate)}</output>
          <span className="exchange-rate__source">{view?.source ? `(${SOURCE_LABELS[view.source]})` : ''}</span>
          <button type="button" className="button--link" onClick={() => setEditing(true)}>
            Cambiar
          </button>
        </p>
      ) : (
        <div className="exchange-rate__form">
          <label htmlFor="exchange-rate-input">Tipo de cambio (S/ por US$ 1)</label>
          <input
            id="exchange-rate-input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void save();
              }
            }}
            inputMode="decimal"
            autoComplete="off"
            placeholder="3.751"
          />
          <button type="button" onClick={() => void save()} disabled={busy || typed.trim() === ''}>
            Guardar
          </button>
          <button type="button" onClick={() => void fetchRate()} disabled={busy}>
            Consultar SUNAT
          </button>
        </div>
      )}
      {message ? (
        <p className="exchange-rate__note" role="status">
          {message}
        </p>
      ) : !rate ? (
        <p className="exchange-rate__note" role="status">
          Sin tipo de cambio no se puede vender en dólares: ingréselo o consúltelo.
        </p>
      ) : null}
    </div>
  );
}
