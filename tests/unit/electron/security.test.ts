import type { Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  denyAllPermissions,
  hardenWebContents,
  isSafeExternalUrl,
  secureWebPreferences,
} from '../../../electron/shell/security';
import { FakeWebContents, preventable } from './fake-electron';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

function hardened() {
  const contents = new FakeWebContents('app://caja/index.html');
  const shell = { openExternal: vi.fn(async () => undefined) };
  hardenWebContents(contents as unknown as WebContents, { shell });
  return { contents, shell };
}

describe('window web preferences', () => {
  it('isolate the page: context isolation, sandbox, no Node, no webview, web security on', () => {
    const prefs = secureWebPreferences({ preload: '/app/out/preload/preload.js', devTools: false });
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      devTools: false,
    });
  });

  it('has no preload key at all for the error screen', () => {
    expect(secureWebPreferences({ devTools: false })).not.toHaveProperty('preload');
  });
});

describe('Content-Security-Policy', () => {
  const policy = directives(CONTENT_SECURITY_POLICY);

  it('allows scripts only from the app itself: no inline, no eval, no remote origin', () => {
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('lets images be data: URLs (QR codes) and nothing else remote', () => {
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
  });

  it('never mentions unsafe sources, wildcards or http(s) origins', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|wasm-unsafe-eval|unsafe-hashes|\*|https?:|blob:/);
  });
});

describe('navigation and pop-ups', () => {
  it('denies navigating the window anywhere; an https link goes to the system browser instead', () => {
    const { contents, shell } = hardened();
    const toWeb = preventable({ url: 'https://www.sunat.gob.pe/' });
    contents.emit('will-navigate', toWeb, 'https://www.sunat.gob.pe/');
    expect(toWeb.preventDefault).toHaveBeenCalled();
    expect(shell.openExternal).toHaveBeenCalledWith('https://www.sunat.gob.pe/');

    for (const url of ['http://evil.example/', 'file:///etc/passwd', 'app://caja/other.html', 'javascript:alert(1)']) {
      const event = preventable({ url });
      contents.emit('will-navigate', event, url);
      expect(event.preventDefault).toHaveBeenCalled();
    }
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('denies every window.open, opening only https targets externally', () => {
    const { contents, shell } = hardened();
    const handler = contents.windowOpenHandler;
    expect(handler).toBeDefined();
    expect(handler?.({ url: 'https://example.com/ayuda' })).toEqual({ action: 'deny' });
    expect(handler?.({ url: 'http://example.com/' })).toEqual({ action: 'deny' });
    expect(handler?.({ url: 'app://caja/index.html' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
    expect(shell.openExternal).toHaveBeenCalledWith('https://example.com/ayuda');
  });

  it('blocks <webview>, redirects and subframe navigations', () => {
    const { contents } = hardened();
    const webview = preventable();
    contents.emit('will-attach-webview', webview, {}, {});
    expect(webview.preventDefault).toHaveBeenCalled();

    const redirect = preventable();
    contents.emit('will-redirect', redirect, 'https://elsewhere.example/');
    expect(redirect.preventDefault).toHaveBeenCalled();

    const subframe = preventable({ isMainFrame: false, url: 'https://ads.example/' });
    contents.emit('will-frame-navigate', subframe);
    expect(subframe.preventDefault).toHaveBeenCalled();
  });
});

describe('external links', () => {
  it.each([
    ['https://www.sunat.gob.pe/', true],
    ['http://www.sunat.gob.pe/', false],
    ['file:///C:/Windows/system32/calc.exe', false],
    ['javascript:alert(1)', false],
    ['smb://server/share', false],
    ['https://user:pass@example.com/', false],
    ['not a url', false],
  ])('%s -> %s', (url, safe) => {
    expect(isSafeExternalUrl(url)).toBe(safe);
  });
});

describe('permissions', () => {
  it('refuses every permission request and check but writing text to the clipboard', () => {
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
    };
    denyAllPermissions(session as unknown as Session);
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      wc: unknown,
      permission: string,
      callback: (granted: boolean) => void,
    ) => void;
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      request({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
    }
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as (...args: unknown[]) => boolean;
    expect(check(null, 'media', 'app://caja', {})).toBe(false);
    expect(check(null, 'clipboard-read', 'app://caja', {})).toBe(false);
    // Writing text to the clipboard ("Copiar para WhatsApp") is the one permission granted.
    const write = vi.fn();
    request({}, 'clipboard-sanitized-write', write);
    expect(write).toHaveBeenCalledWith(true);
    expect(check(null, 'clipboard-sanitized-write', 'app://caja', {})).toBe(true);
    const device = session.setDevicePermissionHandler.mock.calls[0]?.[0] as (...args: unknown[]) => boolean;
    expect(device({})).toBe(false);
  });
});
