// Exactly one Caja per data folder: a second launch hands over to the first, which comes to the front.
import type { App } from 'electron';

export interface FocusableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/** False when another instance holds the lock: the caller quits at once. */
export function claimSingleInstance(
  app: Pick<App, 'requestSingleInstanceLock' | 'on'>,
  currentWindow: () => FocusableWindow | undefined,
): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', () => {
    const win = currentWindow();
    if (!win || win.isDestroyed()) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });
  return true;
}
