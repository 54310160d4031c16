// The lines of the sale, driven from the keyboard: a code + Enter (a barcode scanner types exactly that) looks the
// product up and moves to a new empty line; typing a description lists catalogue matches (↑↓ Enter Esc); Enter in
// other cells commits the line, arrows move between lines, F2 on a line opens its quantity, Ctrl+Supr removes it.
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type MutableRefObject } from 'react';
import { useFieldArray, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { allowsDecimalQuantity } from '../../../../shared/bridge';
import { emptyLine, isBlankLine, type SaleFormValues } from './form-values';
import { focusCell } from './line-focus';
import { LineStock } from './LineStock';
import { LINE_COLUMNS, LineRow, lineErrorsKey, lineInputId, type LineColumn } from './LineRow';
import { noProductLookup, noProductSearch, type ProductLookup, type ProductSearch } from './product-lookup';
import { ProductListbox, productOptionId } from './ProductListbox';
import { useLineEntry } from './useLineEntry';
import { useProductSearch } from './useProductSearch';
import { listenForScannerBursts } from './scanner-guard';

const HEADINGS: Record<LineColumn, string> = {
  code: 'Código',
  description: 'Descripción',
  unit: 'Unidad',
  quantity: 'Cant.',
  unitPrice: 'Precio c/IGV',
  discount: 'Dscto.',
  affectation: 'IGV',
  bag: 'Bolsa',
};

interface LinesTableProps {
  form: UseFormReturn<SaleFormValues>;
  productLookup?: ProductLookup;
  productSearch?: ProductSearch;
  /** Ajustes › Venta: price and affectation of a catalogue product may be changed on the line. */
  allowPriceChange?: boolean;
  /** Filled with the function that puts a scanned code on the sale (for scans read outside the lines' fields). */
  scanRef?: MutableRefObject<((code: string) => void) | null>;
}

/**
 * Scanned codes the catalogue does not know, listed apart from the lines: the sale goes on with the next scan, Supr
 * in an empty field (or the button) takes the last one off, and F12 does not issue while any is listed.
 */
function UnknownCodes({ form }: { form: UseFormReturn<SaleFormValues> }): React.JSX.Element | null {
  const unknown = useWatch({ control: form.control, name: 'unknownCodes' });
  if (!unknown || unknown.length === 0) return null;
  const remove = (at: number) => form.setValue('unknownCodes', form.getValues('unknownCodes').filter((_, i) => i !== at));
  return (
    <div className="lines__notice lines__notice--error" role="alert" data-testid="unknown-codes">
      <ul>
        {unknown.map((u, i) => (
          <li key={`${i}-${u.code}`}>
            {u.message}: no está en la venta.{' '}
            <button type="button" className="button--link" onClick={() => remove(i)}>
              Quitar
            </button>
          </li>
        ))}
      </ul>
      <p>Supr: quitar el último · Regístrelo en Productos o escanéelo otra vez.</p>
    </div>
  );
}

function LinesError({ form }: { form: UseFormReturn<SaleFormValues> }): React.JSX.Element | null {
  const { errors } = useFormState({ control: form.control, name: 'lines' });
  const message = errors.lines?.root?.message ?? errors.lines?.message;
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

function cellOf(event: { target: EventTarget }): { index: number; column: LineColumn } | null {
  const target = event.target as HTMLElement;
  const index = Number(target.dataset['line']);
  const column = target.dataset['col'] as LineColumn | undefined;
  return column && Number.isInteger(index) ? { index, column } : null;
}

export function LinesTable({
  form,
  productLookup = noProductLookup,
  productSearch = noProductSearch,
  allowPriceChange = true,
  scanRef,
}: LinesTableProps): React.JSX.Element {
  const { control, register, getValues } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  // The line whose product's stock is shown under the table: the one the cashier is on.
  const [stockLine, setStockLine] = useState<number | null>(null);
  // Errors are read here once and handed to each row as text: adding a line (which makes react-hook-form announce
  // every line's errors) then re-renders no row whose messages did not change.
  const { errors } = useFormState({ control, name: 'lines' });
  const busy = useRef(false);
  const entry = useLineEntry({ form, fields, append, lookup: productLookup });
  const search = useProductSearch(productSearch);
  const { goToNewLine } = entry;
  const { close: closeSearch } = search;
  const { addScanned } = entry;

  // A scanner burst in any of the lines' fields adds its product (never edits the line the cursor is on).
  useEffect(() => {
    if (scanRef) scanRef.current = addScanned;
    const onScan = (code: string, field: HTMLInputElement) => {
      // Scanned into the weight of a weighed line: the weight is still to be typed, and the code is the next product.
      const index = Number(field.dataset['line']);
      const line = field.dataset['col'] === 'quantity' ? getValues(`lines.${index}`) : undefined;
      if (line && line.productCode !== '' && allowsDecimalQuantity({ unit: line.unit, wholeUnits: line.wholeUnits })) {
        form.setValue(`lines.${index}.quantity`, '', { shouldDirty: true });
        form.setError(`lines.${index}.quantity`, { type: 'validation', message: 'Ingrese la cantidad: lo escaneado era otro producto' });
      }
      addScanned(code);
    };
    return listenForScannerBursts(onScan, (target) => target.dataset['line'] !== undefined && target.closest('.lines') !== null && !document.querySelector('dialog[open]'));
  }, [addScanned, form, getValues, scanRef]);

  const commit = useCallback(
    async (index: number, column: LineColumn) => {
      const line = getValues(`lines.${index}`);
      if (!line || isBlankLine(line)) return;
      if (column === 'code') {
        if (line.code.trim() !== '') await entry.scan(index);
        else goToNewLine(index); // a line typed by hand without a code
      } else if (column === 'quantity') {
        entry.commitQuantity(index);
      } else if (entry.positiveAmounts(index)) {
        goToNewLine(index);
      }
    },
    [entry, getValues, goToNewLine],
  );

  const removeLine = useCallback(
    (index: number) => {
      closeSearch();
      const count = getValues('lines').length;
      if (count <= 1) {
        remove(0);
        append(emptyLine(), { shouldFocus: true, focusName: 'lines.0.code' });
        return;
      }
      remove(index);
      // Focus only if it was lost with the removed row: never steal it from where the cashier (or a scanner)
      // is already typing.
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (!active || active === document.body || !active.isConnected) focusCell(Math.min(index, count - 2), 'code');
      });
    },
    [append, closeSearch, getValues, remove],
  );

  const open = search.state;

  /** The search list takes ↑ ↓ Enter Esc while it is open on this cell; true when the key was used. */
  const listboxKey = (event: KeyboardEvent, index: number, column: LineColumn): boolean => {
    if (!open || open.line !== index || column !== 'description') return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') search.move(event.key === 'ArrowDown' ? 1 : -1);
    else if (event.key === 'Escape') {
      search.close();
      event.preventDefault(); // Esc closes the list; it does not cancel the sale
    }
    else if (event.key === 'Enter') {
      const product = open.products[open.active];
      search.close();
      if (product) entry.enterProduct(index, product, 'search');
    } else return false;
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const cell = cellOf(event);
    if (!cell) return;
    const { index, column } = cell;
    if (listboxKey(event, index, column)) return;
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && !event.ctrlKey && !event.altKey && !event.metaKey && !event.shiftKey) {
      event.preventDefault();
      if (busy.current) return;
      busy.current = true;
      void commit(index, column).finally(() => {
        busy.current = false;
      });
    } else if (event.key === 'Delete' && !event.ctrlKey && !event.altKey && target instanceof HTMLInputElement && target.value === '' && getValues('unknownCodes').length > 0) {
      event.preventDefault();
      form.setValue('unknownCodes', getValues('unknownCodes').slice(0, -1));
    } else if (event.key === 'F2' && !event.ctrlKey && !event.altKey && !event.metaKey && !isBlankLine(getValues(`lines.${index}`))) {
      // Changing a line is something the cashier asks for: F2 on it opens its quantity, selected so the number typed
      // replaces it (Enter confirms). On the empty line F2 keeps its meaning, the Documentos screen.
      event.preventDefault();
      event.stopPropagation();
      focusCell(index, 'quantity');
    } else if (event.key === 'Delete' && event.ctrlKey) {
      event.preventDefault();
      removeLine(index);
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && target instanceof HTMLInputElement && target.type === 'text') {
      const next = index + (event.key === 'ArrowDown' ? 1 : -1);
      if (next >= 0 && next < getValues('lines').length) {
        event.preventDefault();
        focusCell(next, column);
      }
    }
  };

  const onInput = (event: FormEvent<HTMLTableSectionElement>) => {
    const cell = cellOf(event);
    if (!cell || !(event.target instanceof HTMLInputElement)) return;
    if (cell.column === 'description') search.typed(cell.index, event.target.value);
    else if (cell.column === 'code') entry.codeTyped(cell.index);
    else if (cell.column === 'quantity' && form.getFieldState(`lines.${cell.index}.quantity`).error) {
      form.clearErrors(`lines.${cell.index}.quantity`);
    }
  };

  const onFocus = (event: React.FocusEvent<HTMLTableSectionElement>) => {
    const cell = cellOf(event);
    if (cell) setStockLine(cell.index);
  };

  const onBlur = (event: React.FocusEvent<HTMLTableSectionElement>) => {
    const cell = cellOf(event);
    if (open && cell && cell.column === 'description' && cell.index === open.line) search.close();
  };

  // A notice about a line that is gone (removed, or the sale issued and the form cleared) is not shown.
  const notice = entry.notice && fields[entry.notice.line]?.id === entry.notice.fieldId ? entry.notice : null;
  return (
    <section className="panel lines" aria-labelledby="lines-title">
      <div className="panel__head">
        <h2 id="lines-title">Productos</h2>
        <p className="panel__hint">
          Código + Enter: agregar · Descripción: buscar (↑↓ Enter) · ↑↓: cambiar de línea · F2: editar la línea · Ctrl+Supr: eliminar línea
        </p>
      </div>
      <div className="lines__scroll">
        <table className="lines__table">
          <thead>
            <tr>
              <th scope="col">#</th>
              {LINE_COLUMNS.map((c) => (
                <th key={c} scope="col" className={`lines__head--${c}`}>
                  {HEADINGS[c]}
                </th>
              ))}
              <th scope="col">Importe</th>
              <th scope="col">
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown} onInput={onInput} onFocus={onFocus} onBlur={onBlur}>
            {fields.map((field, index) => (
              <LineRow
                key={field.id}
                index={index}
                control={control}
                register={register}
                onRemove={removeLine}
                allowPriceChange={allowPriceChange}
                combobox={open?.line === index ? { activeOptionId: productOptionId(open.active) } : undefined}
                errors={lineErrorsKey(errors.lines?.[index])}
              />
            ))}
          </tbody>
        </table>
      </div>
      {open ? (
        <ProductListbox
          anchorId={lineInputId(open.line, 'description')}
          line={open.line}
          products={open.products}
          active={open.active}
          onHover={search.setActive}
          onPick={(product) => {
            search.close();
            entry.enterProduct(open.line, product, 'search');
          }}
        />
      ) : null}
      <p className="visually-hidden" role="status">
        {search.announcement}
      </p>
      {notice ? (
        <p className={`lines__notice lines__notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      <LineStock form={form} line={stockLine} />
      <UnknownCodes form={form} />
      <LinesError form={form} />
      <button type="button" className="button--link" onClick={() => goToNewLine(-1)}>
        + Agregar línea
      </button>
    </section>
  );
}
