// Line entry on the till: Enter in a code looks the product up (fills the line, or adds 1 to the line that already
// holds it); a picked search match does the same; Enter in a quantity checks it against the unit. An unknown code
// is reported and the cashier stays in the code field with everything typed kept.
import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import type { UseFieldArrayAppend, UseFormReturn } from 'react-hook-form';
import { productQuantityProblem, type Product } from '../../../../shared/bridge';
import { findEntry, UNITS } from '../../../../shared/catalog';
import { formatMoney } from '../../format/money';
import { decimalText, emptyLine, isBlankLine, type LineValues, type SaleFormValues } from './form-values';
import { planProductEntry } from './line-entry';
import { focusCell, revealLine } from './line-focus';
import { lineInputId } from './LineRow';
import type { ProductLookup } from './product-lookup';

export interface LineNotice {
  tone: 'info' | 'error';
  text: string;
  /** The line it is about: typing in that line's code clears an error. */
  line: number;
  /** The line's field id: once that line is gone (removed, or the sale issued), the notice is stale. */
  fieldId: string;
}

interface LineEntryOptions {
  form: UseFormReturn<SaleFormValues>;
  /** useFieldArray's fields: their ids tie a notice to its line. */
  fields: readonly { id: string }[];
  append: UseFieldArrayAppend<SaleFormValues, 'lines'>;
  lookup: ProductLookup;
}

export function useLineEntry({ form, fields, append, lookup }: LineEntryOptions) {
  const { getValues, setValue, setError, clearErrors } = form;
  const [notice, setNotice] = useState<LineNotice | null>(null);
  const say = useCallback(
    (tone: LineNotice['tone'], line: number, text: string) => setNotice({ tone, line, text, fieldId: fields[line]?.id ?? '' }),
    [fields],
  );

  /** Focus the trailing empty line, creating it when the last line already has data. */
  const goToNewLine = useCallback(
    (from: number) => {
      const lines = getValues('lines');
      const last = lines.length - 1;
      const lastLine = lines[last];
      if (lastLine && last !== from && isBlankLine(lastLine)) focusCell(last, 'code');
      else append(emptyLine(), { shouldFocus: true, focusName: `lines.${lines.length}.code` });
    },
    [append, getValues],
  );

  const setLine = useCallback(
    (index: number, values: LineValues) => {
      // One call for the whole line: one round of watcher updates instead of one per field.
      setValue(`lines.${index}`, values, { shouldDirty: true });
      clearErrors(`lines.${index}`);
    },
    [clearErrors, setValue],
  );

  /** Puts a scanned or picked product on the sale from line `index`. */
  const enterProduct = useCallback(
    (index: number, product: Product, via: 'scan' | 'search') => {
      const lines = getValues('lines');
      // A picked match replaces the search words typed in the description: they are not line data.
      const asSeen = via === 'search' ? lines.map((line, i) => (i === index ? { ...line, description: '' } : line)) : lines;
      const plan = planProductEntry(asSeen, index, product);
      if (plan.kind === 'same') {
        goToNewLine(index);
      } else if (plan.kind === 'add') {
        setValue(`lines.${plan.target}.quantity`, plan.quantity, { shouldDirty: true });
        clearErrors(`lines.${plan.target}.quantity`);
        setLine(index, emptyLine());
        focusCell(index, 'code');
        revealLine(plan.target);
        say('info', plan.target, `Se sumó ${plan.added} a la línea ${plan.target + 1}: ${product.description} (cantidad ${plan.quantity}).`);
      } else {
        setLine(index, plan.values);
        if (plan.weighed) {
          const unit = findEntry(UNITS, product.unit)?.label ?? product.unit;
          focusCell(index, 'quantity');
          say('info', index, `${product.description}: ingrese la cantidad (${unit}) y pulse Enter.`);
        } else {
          goToNewLine(index);
          say('info', index, `Agregado: ${product.description}, ${formatMoney(product.price)}.`);
        }
      }
    },
    [clearErrors, getValues, goToNewLine, say, setLine, setValue],
  );

  const scan = useCallback(
    async (index: number) => {
      const line = getValues(`lines.${index}`);
      const code = line.code.trim();
      if (line.productCode !== '' && line.productCode === code) {
        goToNewLine(index); // already this product's line: nothing to look up
        return;
      }
      const answer = await lookup(code);
      if (getValues(`lines.${index}.code`)?.trim() !== code) return; // the cashier kept typing: stale answer
      if (answer.status === 'found') {
        // Rendered now, in this task: a scanned line must not wait behind other work for React's scheduler.
        flushSync(() => enterProduct(index, answer.product, 'scan'));
      } else if (line.description.trim() !== '' || line.unitPrice.trim() !== '') {
        goToNewLine(index); // a line typed by hand with its own code: not a catalogue product, and fine
      } else {
        // Words typed in the code field (codes have no spaces): point to where names are searched.
        const hint = /\s/.test(code) ? '. Para buscar por nombre, escríbalo en la descripción.' : '';
        const text = answer.status === 'unknown' ? `Código no encontrado: ${code}${hint}` : answer.message;
        say('error', index, text);
        // The cashier stays in the code field; its text is selected so the next scan replaces it.
        const input = document.getElementById(lineInputId(index, 'code'));
        if (input instanceof HTMLInputElement && document.activeElement === input) input.select();
      }
    },
    [enterProduct, getValues, goToNewLine, lookup, say],
  );

  const commitQuantity = useCallback(
    (index: number) => {
      const line = getValues(`lines.${index}`);
      const problem = productQuantityProblem({ unit: line.unit, bag: line.bag }, decimalText(line.quantity));
      if (problem) {
        setError(`lines.${index}.quantity`, { type: 'validation', message: problem });
        focusCell(index, 'quantity');
        return;
      }
      clearErrors(`lines.${index}.quantity`);
      setNotice((current) => (current?.line === index ? null : current));
      goToNewLine(index);
    },
    [clearErrors, getValues, goToNewLine, setError],
  );

  /** Typing in a line's code after an error about it: the message has done its job. */
  const codeTyped = useCallback((index: number) => {
    setNotice((current) => (current && current.tone === 'error' && current.line === index ? null : current));
  }, []);

  return { notice, goToNewLine, enterProduct, scan, commitQuantity, codeTyped };
}
