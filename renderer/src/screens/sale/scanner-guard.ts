// A scan that does not land in a field: while a dialog has the focus (the "¿Cancelar esta venta?" question,
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

/** Keys closer than this belong to one scanner burst: a hand never types a run of digits this fast. */
export const BURST_GAP_MS = 50;
/**
 * Once a run has started at scanner speed, a longer gap still continues it: keys already sent wait behind a busy page
 * (a line being drawn) and reach it later than they left the scanner.
 */
const STARTED_GAP_MS = 300;
/** A burst this long ending in Enter is a scanned code; shorter ones (a quantity typed fast) are typing. */
export const MIN_SCAN_LENGTH = 6;

/** What a burst in progress holds: its first key landed in `target`; the following ones are held back here. */
interface Burst {
  target: HTMLInputElement;
  /** The field before the first key, to put it back once the burst turns out to be a scan. */
  before: string;
  selection: [number, number];
  /** The field right after the first key (what it holds if nothing else wrote to it since). */
  after: string;
  text: string;
  last: number;
}

let burst: Burst | null = null;
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let idleWaiters: (() => void)[] = [];

function endBurst(): void {
  burst = null;
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const waiters = idleWaiters;
  idleWaiters = [];
  for (const wake of waiters) wake();
}

/**
 * Resolves once no scanner burst is being read: a scanned product is put on the sale between bursts, never while
 * the keys of the next code are arriving (they would land in a line that changes under them).
 */
export function whenNoBurst(): Promise<void> {
  return burst ? new Promise((resolve) => idleWaiters.push(resolve)) : Promise.resolve();
}

/**
 * How long after its last key a burst is taken as over when nothing follows. Longer than the gap: keys already
 * waiting behind a busy page must not be split from their burst by this timer.
 */
const BURST_END_MS = 400;

/** A multiplier typed right before a scan: "3*". */
const MULTIPLIER = /(\d+(?:[.,]\d+)?)\s*\*\s*$/;

/** A burst that did not end in a scan was typing after all: the keys held back go into the field, as typed. */
function flushHeld(): void {
  const held = burst;
  endBurst();
  if (!held || held.text.length < 2) return;
  const rest = held.text.slice(1);
  if (document.activeElement === held.target) document.execCommand('insertText', false, rest);
}

/**
 * Reads scanner bursts in the sale's own fields by their timing. The first key of a run lands where the cursor is
 * (it cannot be told from typing yet); the next ones, arriving within BURST_GAP_MS, are held back; an Enter closing
 * a run of MIN_SCAN_LENGTH digits or more makes it a scan: the field gets back what it held before the first key,
 * the Enter goes no further (it would commit or edit that line) and `onScan` gets the code. Every burst ends at its
 * Enter: a scan that follows with no gap is a code of its own, never glued to the one before. A run that ends
 * without Enter, or with another key, is typing: the held keys are put into the field.
 */
export function listenForScannerBursts(
  onScan: (code: string, field: HTMLInputElement) => void,
  accepts: (target: HTMLInputElement) => boolean,
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.isTrusted) return;
    const target = event.target;
    const now = event.timeStamp;
    const gap = burst && burst.text.length >= 3 ? STARTED_GAP_MS : BURST_GAP_MS;
    const current = burst && now - burst.last <= gap ? burst : null;
    const digit = /^[0-9]$/.test(event.key) && !event.ctrlKey && !event.altKey && !event.metaKey;
    if (digit && current) {
      event.preventDefault();
      current.text += event.key;
      current.last = now;
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = setTimeout(flushHeld, BURST_END_MS);
      return;
    }
    // A scan is the whole of what the field would hold (its text was selected, or empty), or a multiplier and the
    // code: a run typed after other text in the field is typing, and its Enter does what Enter does there.
    const times = current ? MULTIPLIER.exec(current.before.slice(0, current.selection[0])) : null;
    const whole = current !== null && current.before.slice(current.selection[1]) === '' && (current.selection[0] === 0 || times?.index === 0);
    if (event.key === 'Enter' && current && whole && current.text.length >= MIN_SCAN_LENGTH) {
      event.preventDefault();
      event.stopImmediatePropagation();
      const { target: field, before, selection, after, text } = current;
      endBurst();
      // "3*" typed before the scan: the multiplier belongs to the code (three of it), not to the field.
      const kept = times ? before.slice(0, selection[0] - times[0].length) + before.slice(selection[1]) : before;
      if (field.value === after) {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setter?.call(field, kept);
        field.dispatchEvent(new Event('input', { bubbles: true }));
        if (document.activeElement === field && !times) field.setSelectionRange(selection[0], selection[1]);
      }
      onScan(times ? `${times[1]}*${text}` : text, field);
      return;
    }
    if (burst) flushHeld();
    if (digit && target instanceof HTMLInputElement && target.type === 'text' && accepts(target)) {
      const start = target.selectionStart ?? target.value.length;
      const end = target.selectionEnd ?? start;
      const before = target.value;
      burst = { target, before, selection: [start, end], after: before.slice(0, start) + event.key + before.slice(end), text: event.key, last: now };
      flushTimer = setTimeout(flushHeld, BURST_END_MS);
    }
  };
  window.addEventListener('keydown', onKeyDown, true);
  return () => {
    window.removeEventListener('keydown', onKeyDown, true);
    if (burst) endBurst();
  };
}
