// A barcode scanner for the browser tests: the code typed faster than any hand, then its Enter. A USB scanner sends
// its keys back to back, and the till tells a scan from typing by those gaps. Playwright's keyboard.type waits for each
// key's round trip before sending the next; on a loaded CI machine those round trips went over 40 ms, the burst read
// as typing and digits were lost. So the keys go as one burst of trusted key events through the DevTools protocol,
// all sent before the first is answered, as a scanner's arrive.
import type { Page } from '@playwright/test';

export async function scanner(page: Page, code: string): Promise<void> {
  if (!/^\d+$/.test(code)) throw new Error(`scanner: digits only, got ${code}`);
  const cdp = await page.context().newCDPSession(page);
  try {
    const key = (key: string, code: string, keyCode: number, text: string) => [
      { type: 'keyDown', key, code, windowsVirtualKeyCode: keyCode, text },
      { type: 'keyUp', key, code, windowsVirtualKeyCode: keyCode },
    ];
    const events = [...code].flatMap((d) => key(d, `Digit${d}`, 48 + Number(d), d)).concat(key('Enter', 'Enter', 13, '\r'));
    await Promise.all(events.map((event) => cdp.send('Input.dispatchKeyEvent', event as never)));
  } finally {
    await cdp.detach();
  }
}
