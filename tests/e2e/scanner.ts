// A barcode scanner for the browser tests: the code typed faster than any hand, then its Enter. A USB scanner sends
// its keys back to back, and the till tells a scan from typing by those gaps. Playwright's keyboard.type waits for each
// key's round trip before sending the next; on a loaded CI machine those round trips went over 40 ms, the burst read
// as typing and digits were lost. So the keys go as one burst of trusted key events through the DevTools protocol,
// all sent before the first is answered, as a scanner's arrive. Each key carries the time it left the scanner, a few
// milliseconds after the one before, as the operating system stamps a real scanner's keys: a page busy drawing the
// last line reads them late, but their stamps still say they came as one burst. Without the stamps the browser
// stamps each key when it gets round to it, and a busy page spread one code over several hundred milliseconds.
import type { Page } from '@playwright/test';

/** Between one key event and the next (a key down and its key up are two). */
const KEY_INTERVAL_MS = 2;

export async function scanner(page: Page, code: string): Promise<void> {
  if (!/^\d+$/.test(code)) throw new Error(`scanner: digits only, got ${code}`);
  const cdp = await page.context().newCDPSession(page);
  try {
    // Seconds since the epoch, as the protocol wants; a scanner sends a key about every 4 ms.
    const start = Date.now() / 1000;
    let sent = 0;
    const stamp = () => start + (sent++ * KEY_INTERVAL_MS) / 1000;
    const key = (key: string, code: string, keyCode: number, text: string) => [
      { type: 'keyDown', key, code, windowsVirtualKeyCode: keyCode, text, timestamp: stamp() },
      { type: 'keyUp', key, code, windowsVirtualKeyCode: keyCode, timestamp: stamp() },
    ];
    const events = [...code].flatMap((d) => key(d, `Digit${d}`, 48 + Number(d), d)).concat(key('Enter', 'Enter', 13, '\r'));
    await Promise.all(events.map((event) => cdp.send('Input.dispatchKeyEvent', event as never)));
  } finally {
    await cdp.detach();
  }
}
