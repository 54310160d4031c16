// Moving the cashier's focus between the cells of the lines table.
import { lineInputId, type LineColumn } from './LineRow';

/** Focuses a cell (its text selected, so the next keystrokes or scan replace it). */
export function focusCell(index: number, column: LineColumn): void {
  const el = document.getElementById(lineInputId(index, column));
  if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) {
    el.focus();
    if (el instanceof HTMLInputElement && el.type === 'text') el.select();
  }
}

/** Brings a line into view without moving the focus (after adding to a line far up the list). */
export function revealLine(index: number): void {
  document.getElementById(lineInputId(index, 'quantity'))?.scrollIntoView({ block: 'nearest' });
}
