// A scan that does not land in a field (issue 26): while a dialog has the focus (the "¿Cancelar esta venta?" question,
// the issued ticket), a scanner's burst must neither press the dialog's button with its Enter nor be lost.
//
// @point-of-sale/keyboard-barcode-scanner does the burst detection: it watches every keydown outside INPUT and
// TEXTAREA, calls a run of keys "data" once they come faster than ~30 ms apart, stops them (preventDefault, so its
// trailing Enter never activates a focused button) and hands the whole code over as one `barcode` event. Inside the
// sale's own fields a scan is ordinary typing and is left alone, as before.
import KeyboardBarcodeScanner from '@point-of-sale/keyboard-barcode-scanner';
import { lineInputId } from './LineRow';

/** Listens while `active`; returns the function that stops listening. */
export function listenForStrayScans(onScan: (code: string) => void): () => void {
  const scanner = new KeyboardBarcodeScanner();
  scanner.addEventListener('barcode', (barcode) => {
    const code = barcode.value.trim();
    if (code !== '') onScan(code);
  });
  void scanner.connect();
  return () => void scanner.disconnect();
}

/**
 * Puts a code into the sale as the scanner would have typed it: into the last line's code field, then Enter (the
 * line's own lookup runs). Call once no dialog is open.
 */
export function typeIntoSale(code: string, lastLine: number): void {
  const input = document.getElementById(lineInputId(lastLine, 'code'));
  if (!(input instanceof HTMLInputElement)) return;
  input.focus();
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, code);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
}
