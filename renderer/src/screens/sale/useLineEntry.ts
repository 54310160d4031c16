// Line entry on the till: Enter in a code looks the product up (fills the line, or adds 1 to the line that already
// holds it); a picked search match does the same; Enter in a quantity checks it against the unit. An unknown code
// is reported and the cashier stays in the code field with everything typed kept.
import Decimal from 'decimal.js';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { UseFieldArrayAppend, UseFormReturn } from 'react-hook-form';
import { productQuantityProblem, type Product } from '../../../../shared/bridge';
import { findEntry, UNITS } from '../../../../shared/catalog';
import { formatMoney } from '../../format/money';
import { decimalText, emptyLine, isBlankLine, type LineValues, type SaleFormValues } from './form-values';
import { planProductEntry, planScan } from './line-entry';
import { resolveScan } from './scan-code';
import { useSettings } from '../../app/settings-context';
import { focusCell, revealLine } from './line-focus';
import { whenNoBurst } from './scanner-guard';
import { lineInputId } from './LineRow';
import type { ProductLookup } from './product-lookup';

/** 8 to 14 digits and nothing else: an EAN/UPC code, never a quantity a cashier types. */
const BARCODE_SHAPED = /^\d{8,14}$/;
const NO_SCALE = { mode: 'off' as const, itemDigits: 5 };
/** Above this a quantity is asked about once before it is taken (a slip of the finger, or of the scale). */
const SANE_QUANTITY = 999;

function toMoneyOrZero(text: string): Decimal {
  try {
    return new Decimal(decimalText(text) || '0');
  } catch {
    return new Decimal(0);
  }
}

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
  const { settings } = useSettings();
  const scale = settings?.sale.scale ?? NO_SCALE;
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
    (index: number, product: Product, via: 'scan' | 'search', knownQuantity?: string) => {
      if (knownQuantity) setValue(`lines.${index}.quantity`, knownQuantity);
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
        if (plan.weighed && !knownQuantity) {
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
      const { answer, quantity } = await resolveScan(code, lookup, scale);
      if (getValues(`lines.${index}.code`)?.trim() !== code) return; // the cashier kept typing: stale answer
      if (answer.status === 'found') {
        // Rendered now, in this task: a scanned line must not wait behind other work for React's scheduler.
        flushSync(() => enterProduct(index, answer.product, 'scan', quantity));
      } else if (line.description.trim() !== '' || line.unitPrice.trim() !== '') {
        goToNewLine(index); // a line typed by hand with its own code: not a catalogue product, and fine
      } else {
        // A code (no spaces) on the line being filled: listed apart like a scanned one, and the field is emptied for
        // the next scan, so an unknown code never stays in the way of the sale.
        const last = getValues('lines').length - 1;
        if (answer.status === 'unknown' && !/\s/.test(code) && index === last) {
          setValue('unknownCodes', [...getValues('unknownCodes'), { code, message: `Código no encontrado: ${code}` }]);
          setValue(`lines.${index}.code`, '');
          return;
        }
        // Words typed in the code field (codes have no spaces): point to where names are searched.
        const hint = /\s/.test(code) ? '. Para buscar por nombre, escríbalo en la descripción.' : '';
        const text = answer.status === 'unknown' ? `Código no encontrado: ${code}${hint}` : answer.message;
        say('error', index, text);
        // The cashier stays in the code field; its text is selected so the next scan replaces it.
        const input = document.getElementById(lineInputId(index, 'code'));
        if (input instanceof HTMLInputElement && document.activeElement === input) input.select();
      }
    },
    [enterProduct, getValues, goToNewLine, lookup, say, scale, setValue],
  );

  /** Scans line `index` once React has rendered the code put there. */
  const scanAt = useCallback(
    async (index: number) => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      focusCell(index, 'code');
      await scan(index);
    },
    [scan],
  );

  // The latest `say` for scans still in the queue: a line appended since has its field id only in a later render.
  const sayRef = useRef(say);
  useLayoutEffect(() => {
    sayRef.current = say;
  }, [say]);
  const scans = useRef<Promise<void>>(Promise.resolve());

  /** Puts one scanned code on the sale, as planScan says; an unknown code goes to the list apart. */
  const addScannedNow = useCallback(
    async (code: string) => {
      const { answer, quantity } = await resolveScan(code, lookup, scale);
      await whenNoBurst();
      if (answer.status !== 'found') {
        const message = answer.status === 'unknown' ? `Código no encontrado: ${code}` : `${code}: ${answer.message}`;
        setValue('unknownCodes', [...getValues('unknownCodes'), { code, message }]);
        const lines = getValues('lines');
        focusCell(lines.length - 1, 'code');
        return;
      }
      const { product } = answer;
      const lines = getValues('lines');
      const plan = planScan(lines, product, quantity);
      // Rendered now, in this task: the next scan's plan must see this one's line.
      flushSync(() => {
        if (plan.kind === 'add') {
          setValue(`lines.${plan.target}.quantity`, plan.quantity, { shouldDirty: true });
          clearErrors(`lines.${plan.target}.quantity`);
        } else if (plan.target >= lines.length) {
          append([plan.values, emptyLine()], { shouldFocus: false });
        } else {
          setLine(plan.target, plan.values);
          if (plan.target === lines.length - 1) append(emptyLine(), { shouldFocus: false });
        }
      });
      const n = plan.target + 1;
      if (plan.kind === 'add') {
        sayRef.current('info', plan.target, `Se sumó ${plan.added} a la línea ${n}: ${product.description} (cantidad ${plan.quantity}).`);
      } else if (plan.weighed) {
        const unit = findEntry(UNITS, product.unit)?.label ?? product.unit;
        focusCell(plan.target, 'quantity');
        sayRef.current('info', plan.target, `Línea ${n}, ${product.description}: ingrese la cantidad (${unit}) y pulse Enter.`);
        return;
      } else {
        sayRef.current('info', plan.target, `Agregado en la línea ${n}: ${product.description}, ${formatMoney(product.price)}.`);
      }
      revealLine(plan.target);
      focusCell(getValues('lines').length - 1, 'code');
    },
    [append, clearErrors, getValues, lookup, scale, setLine, setValue],
  );

  /**
   * A scanned code (a burst read by the scanner guard): queued, so scans arriving back to back are put on the sale
   * one after the other, in order, each seeing the lines the one before left.
   */
  const addScanned = useCallback(
    (code: string) => {
      scans.current = scans.current.then(() => addScannedNow(code)).catch(() => undefined);
    },
    [addScannedNow],
  );

  /** The quantity the cashier confirmed although it is over SANE_QUANTITY (line and text), so Enter again passes. */
  const confirmedBig = useRef<string | null>(null);

  const commitQuantity = useCallback(
    (index: number) => {
      const line = getValues(`lines.${index}`);
      const typed = line.quantity.trim();
      // A barcode scanned into the quantity (or weight) field: it is the next product, not 7,753,056,000,182 units.
      if (BARCODE_SHAPED.test(typed)) {
        setValue(`lines.${index}.quantity`, '', { shouldDirty: true });
        setError(`lines.${index}.quantity`, { type: 'validation', message: 'Ingrese la cantidad: lo escaneado era otro producto' });
        const lines = getValues('lines');
        const last = lines.length - 1;
        const target = last !== index && lines[last] && isBlankLine(lines[last]) ? last : lines.length;
        if (target === lines.length) append({ ...emptyLine(), code: typed }, { shouldFocus: false });
        else setValue(`lines.${target}.code`, typed, { shouldDirty: true });
        say('error', index, `Se escaneó un código en la cantidad de la línea ${index + 1}: se agregó como producto en la línea ${target + 1}. Ingrese la cantidad de la línea ${index + 1}.`);
        void scanAt(target);
        return;
      }
      const bigKey = `${index}:${typed}`;
      if (toMoneyOrZero(typed).greaterThan(SANE_QUANTITY) && confirmedBig.current !== bigKey) {
        confirmedBig.current = bigKey;
        say('error', index, `¿Cantidad ${typed} en la línea ${index + 1}? Pulse Enter otra vez para confirmar, o corríjala.`);
        focusCell(index, 'quantity');
        return;
      }
      const problem = productQuantityProblem({ unit: line.unit, bag: line.bag, wholeUnits: line.wholeUnits }, decimalText(line.quantity));
      if (problem) {
        setError(`lines.${index}.quantity`, { type: 'validation', message: problem });
        focusCell(index, 'quantity');
        return;
      }
      clearErrors(`lines.${index}.quantity`);
      setNotice((current) => (current?.line === index ? null : current));
      goToNewLine(index);
    },
    [append, clearErrors, getValues, goToNewLine, say, scanAt, setError, setValue],
  );

  /**
   * Enter on a line typed by hand: a zero or negative quantity or price is flagged on its field at once, not at F12.
   * True when both are fine (or not typed yet).
   */
  const positiveAmounts = useCallback(
    (index: number) => {
      const line = getValues(`lines.${index}`);
      const checks = [
        ['quantity', line.quantity, 'La cantidad debe ser mayor que cero'],
        ['unitPrice', line.unitPrice, 'El precio debe ser mayor que cero'],
      ] as const;
      for (const [field, text, message] of checks) {
        if (text.trim() !== '' && !toMoneyOrZero(text).greaterThan(0)) {
          setError(`lines.${index}.${field}`, { type: 'validation', message });
          focusCell(index, field);
          return false;
        }
      }
      return true;
    },
    [getValues, setError],
  );

  /** Typing in a line's code after an error about it: the message has done its job. */
  const codeTyped = useCallback((index: number) => {
    setNotice((current) => (current && current.tone === 'error' && current.line === index ? null : current));
  }, []);

  return { notice, goToNewLine, enterProduct, scan, addScanned, commitQuantity, positiveAmounts, codeTyped };
}
