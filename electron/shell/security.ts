// Security settings of every window and web contents: web preferences, the Content-Security-Policy, navigation,
// pop-ups, <webview>, permissions and external links. Everything here takes the Electron objects as arguments.
import type { Session, WebContents, WebPreferences } from 'electron';

/**
 * The policy of the app's pages, sent as a response header by the app:// protocol. No inline or eval'd script, no
 * remote origin of any kind; images may be data: URLs (QR codes). React's `style={{...}}` goes through the CSSOM,
 * which CSP does not restrict, so styles need no 'unsafe-inline' either.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The web preferences of every window of the app (main window and error screen). */
export function secureWebPreferences(options: { preload?: string; devTools: boolean }): WebPreferences {
  return {
    ...(options.preload ? { preload: options.preload } : {}),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools,
  };
}

/** Only https links leave the app, and only to the system browser. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && u.hostname !== '' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

export interface ExternalOpener {
  openExternal(url: string): Promise<void>;
}

export interface HardenOptions {
  shell: ExternalOpener;
  log?: { warn(message: string, data?: Record<string, unknown>): void };
}

/** Opens `url` in the system browser when it is https; refuses (and logs) anything else. */
export function openExternalSafely(url: string, options: HardenOptions): boolean {
  if (!isSafeExternalUrl(url)) {
    options.log?.warn('external link refused', { url: url.slice(0, 200) });
    return false;
  }
  options.shell.openExternal(url).catch((e: unknown) => {
    options.log?.warn('could not open external link', { error: e instanceof Error ? e.message : String(e) });
  });
  return true;
}

type Preventable = { preventDefault(): void };

/**
 * Applied to every web contents the app creates (from `app.on('web-contents-created')`): no navigation away from the
 * page (an https link opens in the browser instead), no redirects, no new windows, no <webview>.
 */
export function hardenWebContents(contents: WebContents, options: HardenOptions): void {
  contents.on('will-navigate', (event: Preventable, url?: string) => {
    event.preventDefault();
    const target = url ?? (event as { url?: string }).url ?? '';
    if (isSafeExternalUrl(target)) openExternalSafely(target, options);
    else options.log?.warn('navigation refused', { url: target.slice(0, 200) });
  });
  contents.on('will-frame-navigate', (event: Preventable & { isMainFrame?: boolean; url?: string }) => {
    if (event.isMainFrame) return; // the main frame goes through will-navigate
    event.preventDefault();
    options.log?.warn('frame navigation refused', { url: (event.url ?? '').slice(0, 200) });
  });
  contents.on('will-redirect', (event: Preventable, url?: string) => {
    event.preventDefault();
    options.log?.warn('redirect refused', { url: (url ?? '').slice(0, 200) });
  });
  contents.on('will-attach-webview', (event: Preventable) => {
    event.preventDefault();
    options.log?.warn('webview refused');
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(url, options);
    return { action: 'deny' };
  });
}

/**
 * Writing plain text to the clipboard ("Copiar para WhatsApp") is the one permission granted: it reads nothing and
 * reaches no device. Chromium names it 'clipboard-sanitized-write'.
 */
const GRANTED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

/** Every other permission (camera, notifications, clipboard read, geolocation, ...) is refused, asked or checked. */
export function denyAllPermissions(session: Session, log?: HardenOptions['log']): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    if (GRANTED_PERMISSIONS.has(permission)) return callback(true);
    log?.warn('permission request refused', { permission });
    callback(false);
  });
  session.setPermissionCheckHandler((_contents, permission) => GRANTED_PERMISSIONS.has(permission));
  session.setDevicePermissionHandler(() => false);
}
