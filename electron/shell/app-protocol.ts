// The app:// protocol that serves the built renderer (out/renderer) to our windows, with a path-traversal guard
// and the Content-Security-Policy header on every answer. Runs in the main process; takes its file reader as an
// argument so tests can serve a temporary folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CustomScheme } from 'electron';
import { CONTENT_SECURITY_POLICY } from './security';

export const APP_SCHEME = 'app';
export const APP_HOST = 'caja';
/** What a page of ours reports as its origin. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Registered before `app` is ready. `standard` gives the scheme real origins and relative URLs, `secure` makes it a
 * secure context, `supportFetchAPI` lets module scripts load. No `bypassCSP`: our policy applies to our pages.
 * The renderer is an ES-module bundle (<script type="module">): module scripts are fetched with CORS, so a custom
 * scheme serves them only when it is registered as privileged, standard and fetch-capable, and its handler answers
 * with a JavaScript MIME type (app-protocol's MIME_TYPES). Electron documents these privileges and that
 * registration must happen before 'ready': https://www.electronjs.org/docs/latest/api/protocol#protocolregisterschemesasprivilegedcustomschemes
 * and serving an app over a custom protocol with protocol.handle: https://www.electronjs.org/docs/latest/api/protocol#protocolhandlescheme-handler.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
};

/** True when `url` is a page of the app (app://caja/...). Node's URL gives 'null' as origin of custom schemes. */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * Maps an app:// URL to a file under `rootDir`, or null when the URL is not ours, is malformed, or points outside
 * the folder. The check is on the resolved path, so `..`, `%2e%2e`, encoded slashes and backslashes cannot escape.
 */
export function resolveAppFile(rootDir: string, requestUrl: string): string | null {
  if (!isAppUrl(requestUrl)) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(requestUrl).pathname);
  } catch {
    return null; // malformed percent-encoding
  }
  if (pathname.includes('\0')) return null;
  if (pathname === '/' || pathname === '') pathname = '/index.html';

  const root = path.resolve(rootDir);
  const full = path.resolve(root, `.${pathname.startsWith('/') ? '' : '/'}${pathname}`);
  const relative = path.relative(root, full);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return full;
}

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function mimeTypeOf(file: string): string {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers of every answer of the protocol: the CSP, no MIME sniffing, no referrer, no caching of stale bundles. */
export function appResponseHeaders(file: string): Record<string, string> {
  return {
    'Content-Type': mimeTypeOf(file),
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-cache',
  };
}

export type ReadFile = (file: string) => Promise<Uint8Array>;

export interface AppProtocolOptions {
  rootDir: string;
  readFile?: ReadFile;
}

const plain = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
  });

/**
 * The handler given to `protocol.handle(APP_SCHEME, ...)`. GET and HEAD only. A path without an extension that is
 * not a file falls back to index.html (client-side routes survive a reload); anything else missing is a 404.
 */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const readFile: ReadFile = options.readFile ?? ((file) => fs.readFile(file));
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Método no permitido');
    const file = resolveAppFile(options.rootDir, request.url);
    if (!file) return plain(404, 'No encontrado');

    let target = file;
    let body: Uint8Array;
    try {
      body = await readFile(target);
    } catch {
      if (path.extname(file) !== '') return plain(404, 'No encontrado');
      target = path.join(path.resolve(options.rootDir), 'index.html');
      try {
        body = await readFile(target);
      } catch {
        return plain(404, 'No encontrado');
      }
    }
    return new Response(request.method === 'HEAD' ? null : Buffer.from(body), { status: 200, headers: appResponseHeaders(target) });
  };
}
