// "Exportar CSV" for Inventario's reports: the core writes the CSV (the one writer of every export), the renderer
// saves it. Excel opens it, and prints it.
import { useState } from 'react';
import type { StockCsvInput } from '../../../../shared/bridge';
import { downloadText } from '../../components/download';
import { call } from '../../pos';

export function StockCsvButton({ report, label = 'Exportar CSV' }: { report: StockCsvInput; label?: string }): React.JSX.Element {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const result = await call((api) => api.exportStockCsv(report));
    setBusy(false);
    if (!result.ok) return setError(result.error.message);
    setError(null);
    downloadText(result.value.csv, result.value.fileName, 'text/csv');
  };
  return (
    <>
      <button type="button" disabled={busy} onClick={() => void save()}>
        {label}
      </button>
      {error ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
