// The app's windows: the main window (the renderer over app://caja, with the preload) and the error screen (a static
// page, no preload). Both use the secure web preferences and appear only when their page is ready.
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import type { Logger } from '../core/dispatch';
import { APP_ENTRY_URL } from './app-protocol';
import { errorPageDataUrl, type StartupFailure } from './error-page';
import { secureWebPreferences } from './security';

export type BrowserWindowClass = new (options: BrowserWindowConstructorOptions) => BrowserWindow;

/** Shown anyway after this long, so a renderer that never paints still gives a visible window. */
const SHOW_FALLBACK_MS = 10_000;

export function mainWindowOptions(preloadFile: string, devTools: boolean, icon?: string): BrowserWindowConstructorOptions {
  return {
    title: 'Caja',
    width: 1280,
    height: 800,
    minWidth: 1000,
    minHeight: 640,
    show: false,
    backgroundColor: '#ffffff',
    ...(icon ? { icon } : {}),
    webPreferences: secureWebPreferences({ preload: preloadFile, devTools }),
  };
}

function showWhenReady(win: BrowserWindow, log?: Logger): void {
  let shown = false;
  const show = () => {
    if (shown || win.isDestroyed()) return;
    shown = true;
    win.show();
  };
  win.once('ready-to-show', show);
  const timer = setTimeout(() => {
    if (!shown) log?.warn('window not ready in time; showing it anyway');
    show();
  }, SHOW_FALLBACK_MS);
  timer.unref?.();
  win.once('closed', () => clearTimeout(timer));
}

export function createMainWindow(
  BrowserWindowCtor: BrowserWindowClass,
  options: { preloadFile: string; devTools: boolean; icon?: string; log?: Logger },
): BrowserWindow {
  const win = new BrowserWindowCtor(mainWindowOptions(options.preloadFile, options.devTools, options.icon));
  showWhenReady(win, options.log);
  win.webContents.on('did-fail-load', (_event, code, description, url) => {
    options.log?.error('page failed to load', { code, description, url });
  });
  win.webContents.on('render-process-gone', (_event, details) => {
    options.log?.error('renderer process gone', { reason: details.reason, exitCode: details.exitCode });
  });
  win.loadURL(APP_ENTRY_URL).catch((e: unknown) => {
    options.log?.error('could not load the app page', { error: e instanceof Error ? e.message : String(e) });
  });
  return win;
}

export function createErrorWindow(BrowserWindowCtor: BrowserWindowClass, failure: StartupFailure, log?: Logger): BrowserWindow {
  const win = new BrowserWindowCtor({
    title: 'Caja — no se pudo iniciar',
    width: 760,
    height: 560,
    show: false,
    backgroundColor: '#fff8f1',
    webPreferences: secureWebPreferences({ devTools: false }),
  });
  win.setMenuBarVisibility(false);
  showWhenReady(win, log);
  win.loadURL(errorPageDataUrl(failure)).catch((e: unknown) => {
    log?.error('could not load the error page', { error: e instanceof Error ? e.message : String(e) });
  });
  return win;
}

/** Where a second screen is: the customer display opens there, full screen. */
export interface DisplayBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The customer display: the same page at #/display, without the preload (it never calls the core: the till feeds it
 * over a BroadcastChannel), on the second screen's bounds, full screen and unfocusable so the cashier keeps the keyboard.
 */
export function createDisplayWindow(BrowserWindowCtor: BrowserWindowClass, bounds: DisplayBounds, log?: Logger): BrowserWindow {
  const win = new BrowserWindowCtor({
    title: 'Caja — cliente',
    ...bounds,
    fullscreen: true,
    frame: false,
    focusable: false,
    show: false,
    backgroundColor: '#0f1e2e',
    webPreferences: secureWebPreferences({ devTools: false }),
  });
  showWhenReady(win, log);
  win.loadURL(`${APP_ENTRY_URL}#/display`).catch((e: unknown) => {
    log?.error('could not load the customer display', { error: e instanceof Error ? e.message : String(e) });
  });
  return win;
}

/** The bounds of a screen other than the primary one, when the PC has one (a customer display). */
export function secondScreen(displays: readonly { id: number; bounds: DisplayBounds }[], primaryId: number): DisplayBounds | undefined {
  return displays.find((d) => d.id !== primaryId)?.bounds;
}
