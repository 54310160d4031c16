// Who may call the bridge: the main frame of a window this process created, showing a page served by app://caja.
// A subframe, a page from elsewhere (a navigation that slipped through, a data: or file: URL) or a web contents
// we did not create is refused.
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { isAppUrl } from './app-protocol';

/** The fields of the event the check reads (so tests can build plain objects). */
export type SenderEvent = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>;

export function createSenderCheck(isOwnWebContents: (contents: WebContents) => boolean): (event: SenderEvent) => boolean {
  return (event) => {
    const frame = event.senderFrame;
    if (!frame) return false; // navigated away or destroyed while the call was in flight
    if (frame.parent !== null) return false; // a subframe
    const main = event.sender.mainFrame;
    if (frame.processId !== main.processId || frame.routingId !== main.routingId) return false;
    if (!isAppUrl(frame.url)) return false;
    return isOwnWebContents(event.sender);
  };
}

/** The web contents of the windows we created and have not closed yet. */
export class OwnedWindows<W extends { webContents: WebContents; isDestroyed(): boolean }> {
  private readonly windows = new Set<W>();

  add(window: W & { once(event: 'closed', listener: () => void): unknown }): W {
    this.windows.add(window);
    window.once('closed', () => this.windows.delete(window));
    return window;
  }

  has(contents: WebContents): boolean {
    for (const w of this.windows) if (!w.isDestroyed() && w.webContents === contents) return true;
    return false;
  }

  contents(): WebContents[] {
    return [...this.windows].filter((w) => !w.isDestroyed()).map((w) => w.webContents);
  }

  list(): W[] {
    return [...this.windows].filter((w) => !w.isDestroyed());
  }
}
