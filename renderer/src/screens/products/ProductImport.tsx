// Import a products CSV: the file's bytes are decoded here (UTF-8, or Windows-1252 as Excel saves "CSV delimitado por
// comas" on Windows: shared/bridge/csv-encoding.ts) and the text is checked by the core. First all or nothing; when some
// rows are bad, every one is listed with its line and reason, and the cashier may import only the good rows.
// A file over the limit is refused by its size before it is read; a long import shows its progress.
import { useEffect, useRef, useState } from 'react';
import { PRODUCT_CSV_MAX_BYTES, type ImportProductsResult, type ImportProgress } from '../../../../shared/bridge';
import { CSV_ENCODING_NAMES, decodeCsvBytes, type CsvEncoding } from '../../../../shared/bridge/csv-encoding';
import { Alert } from '../../components/Alert';
import { call, pos } from '../../pos';
import { goodRowCount, rowsWithErrors, storedSummary } from './import-summary';

interface ImportState {
  fileName: string;
  csv: string;
  /** What the file's bytes were read as. */
  encoding: CsvEncoding;
  /** The answer of the last call and the mode it was made in. */
  result: ImportProductsResult;
  mode: 'all_or_nothing' | 'good_rows';
}

interface ProductImportProps {
  /** Something was stored: the list should be read again. */
  onImported: () => void;
}

function ErrorRows({ result, caption }: { result: ImportProductsResult; caption: string }): React.JSX.Element {
  return (
    <div className="import__errors">
      <table className="simple-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              Línea
            </th>
            <th scope="col">Motivo</th>
          </tr>
        </thead>
        <tbody>
          {result.errors.map((error) => (
            <tr key={error.line}>
              <td className="num">{error.line}</td>
              <td>{error.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Which encoding the file was read in: a wrong guess shows as odd accents, and this says where to look. */
function EncodingNote({ encoding }: { encoding: CsvEncoding }): React.JSX.Element {
  return (
    <p className="muted" data-testid="import-encoding">
      Archivo leído como {CSV_ENCODING_NAMES[encoding]}.
      {encoding === 'windows-1252' ? ' Revise que las tildes y la ñ se vean bien en la lista de productos.' : ''}
    </p>
  );
}

function Outcome({ state, busy, onGoodRows }: { state: ImportState; busy: boolean; onGoodRows: () => void }): React.JSX.Element {
  const { result, fileName, csv } = state;
  const encoding = <EncodingNote encoding={result.encoding ?? state.encoding} />;
  if (state.mode === 'good_rows') {
    return (
      <>
        {encoding}
        <Alert tone="success" title={`Se importaron las filas correctas de «${fileName}»`}>
          {storedSummary(result)}. Se omitieron {rowsWithErrors(result)}.
        </Alert>
        <ErrorRows result={result} caption={`Filas omitidas (${result.errors.length})`} />
      </>
    );
  }
  if (result.errors.length === 0) {
    return (
      <>
        {encoding}
        {result.rows === 0 ? (
          <Alert tone="warning" title={`«${fileName}» no tiene productos`}>
            El archivo solo tiene la fila de encabezados.
          </Alert>
        ) : (
          <Alert tone="success" title={`Importación completa de «${fileName}»`}>
            {result.rows} {result.rows === 1 ? 'fila' : 'filas'}: {storedSummary(result)}.
          </Alert>
        )}
      </>
    );
  }
  const good = goodRowCount(csv, result);
  return (
    <>
      {encoding}
      <Alert tone="error" title={`No se importó nada de «${fileName}»`}>
        El archivo tiene {rowsWithErrors(result)}. Corríjalas y vuelva a importar
        {good > 0 ? `, o importe solo las ${good} filas correctas` : ''}.
      </Alert>
      {good > 0 ? (
        <button type="button" className="button--primary import__good" disabled={busy} onClick={onGoodRows}>
          Importar solo las filas correctas ({good})
        </button>
      ) : null}
      <ErrorRows result={result} caption={`Filas con errores (${result.errors.length})`} />
    </>
  );
}

/** '25,3 MB' */
function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toLocaleString('es-PE', { maximumFractionDigits: 1 })} MB`;
}

/** What a long import is doing, in the cashier's words. */
export function progressText(progress: ImportProgress): string {
  const count = (n: number) => n.toLocaleString('es-PE');
  return progress.phase === 'reading'
    ? `Revisando filas: ${count(progress.done)} de ${count(progress.total)}`
    : `Guardando productos: ${count(progress.done)} de ${count(progress.total)}`;
}

export interface ProductImportControl {
  busy: boolean;
  /** The last progress the core reported for the import under way. */
  progress: ImportProgress | null;
  state: ImportState | null;
  failure: string | null;
  chosen: (input: HTMLInputElement) => Promise<void>;
  importGoodRows: () => void;
  close: () => void;
}

export function useProductImport({ onImported }: ProductImportProps): ProductImportControl {
  const [state, setState] = useState<ImportState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  useEffect(() => {
    if (!busy) return undefined;
    return pos().onEvent((event) => {
      if (event.type === 'import_progress') setProgress({ phase: event.phase, done: event.done, total: event.total });
    });
  }, [busy]);

  const run = async (fileName: string, csv: string, encoding: CsvEncoding, mode: ImportState['mode']) => {
    setProgress(null);
    setBusy(true);
    setFailure(null);
    const result = await call((api) => api.importProducts({ csv, encoding, mode }));
    setBusy(false);
    if (!result.ok) {
      setState(null);
      setFailure(result.error.message);
      return;
    }
    setState({ fileName, csv, encoding, result: result.value, mode });
    if (result.value.imported + result.value.updated > 0) onImported();
  };

  const chosen = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again must import it again
    if (!file) return;
    // Refused by its size, before a byte is read: a wrong file must not fill the memory of the till.
    if (file.size > PRODUCT_CSV_MAX_BYTES) {
      setState(null);
      setFailure(`«${file.name}» pesa ${megabytes(file.size)}: el máximo es ${megabytes(PRODUCT_CSV_MAX_BYTES)}. Divida el catálogo en archivos más pequeños.`);
      return;
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      setState(null);
      setFailure(`No se pudo leer el archivo «${file.name}».`);
      return;
    }
    // Its bytes, not file.text(): that reads every file as UTF-8 and turns the accents of Excel's Windows-1252 into "�".
    const decoded = decodeCsvBytes(bytes);
    if (!decoded.ok) {
      setState(null);
      setFailure(`«${file.name}»: ${decoded.message}`);
      return;
    }
    await run(file.name, decoded.text, decoded.encoding, 'all_or_nothing');
  };

  return {
    busy,
    progress,
    state,
    failure,
    chosen,
    importGoodRows: () => {
      if (state) void run(state.fileName, state.csv, state.encoding, 'good_rows');
    },
    close: () => {
      setState(null);
      setFailure(null);
    },
  };
}

/** The button that opens the file chooser (and the hidden file input it drives). */
export function ImportButton({
  busy,
  progress = null,
  onChosen,
}: {
  busy: boolean;
  progress?: ImportProgress | null;
  onChosen: (input: HTMLInputElement) => void;
}): React.JSX.Element {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" disabled={busy} onClick={() => fileRef.current?.click()}>
        {busy ? 'Importando…' : 'Importar CSV…'}
      </button>
      {busy && progress ? (
        <span className="muted" role="status" data-testid="import-progress">
          {progressText(progress)}
        </span>
      ) : null}
      <input
        ref={fileRef}
        type="file"
        accept=".csv,text/csv"
        aria-label="Archivo CSV de productos"
        hidden
        onChange={(event) => onChosen(event.currentTarget)}
      />
    </>
  );
}

/** What the last import did: counts, or every bad row with the offer to import only the good ones. */
export function ImportPanel({ control }: { control: ProductImportControl }): React.JSX.Element | null {
  const { state, failure, busy } = control;
  if (!state && !failure) return null;
  return (
    <section className="panel import" aria-labelledby="import-title">
      <div className="panel__head">
        <h2 id="import-title">Importación de productos</h2>
        <button type="button" className="button--link" onClick={control.close}>
          Cerrar
        </button>
      </div>
      {failure ? <Alert tone="error" title="No se pudo importar">{failure}</Alert> : null}
      {state ? <Outcome state={state} busy={busy} onGoodRows={control.importGoodRows} /> : null}
    </section>
  );
}
