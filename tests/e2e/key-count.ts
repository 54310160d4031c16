// Counts the keys a cashier presses on a path through the till, as the walk tests assert them. A press (F10, Enter,
// Alt+D, a letter that picks something) counts one; what the customer or the supervisor dictates (an amount, a
// percentage, a PIN) is typed but counted apart, since no shortcut can shorten it; scans go through the scanner and
// are not keys at all.
import type { Page } from '@playwright/test';

export interface KeyCount {
  /** Keys pressed on the path. */
  readonly keys: number;
  /** Characters of data typed (amounts, PINs), not counted in `keys`. */
  readonly typed: number;
  /** One key (a chord such as Alt+D is one press). */
  press(key: string): Promise<void>;
  /** Data the cashier was told: typed, not counted as keys. */
  data(text: string): Promise<void>;
}

export function keyCount(page: Page): KeyCount {
  let keys = 0;
  let typed = 0;
  return {
    get keys() {
      return keys;
    },
    get typed() {
      return typed;
    },
    async press(key: string) {
      keys += 1;
      await page.keyboard.press(key);
    },
    async data(text: string) {
      typed += text.length;
      // A hand's pace: the till reads fast keys ending in Enter as a scan, and data is typed by hand.
      await page.keyboard.type(text, { delay: 60 });
    },
  };
}
