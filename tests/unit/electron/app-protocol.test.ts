import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_SCHEME_PRIVILEGES,
  createAppProtocolHandler,
  isAppUrl,
  resolveAppFile,
} from '../../../electron/shell/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../../electron/shell/security';

let base: string;
let root: string;
const SECRET = 'SECRET-OUTSIDE-THE-RENDERER';

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-protocol-'));
  root = path.join(base, 'renderer');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Caja</title>');
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'assets', 'logo.svg'), '<svg/>');
  fs.writeFileSync(path.join(base, 'secret.txt'), SECRET);
  fs.mkdirSync(path.join(base, 'renderer-evil'));
  fs.writeFileSync(path.join(base, 'renderer-evil', 'x.txt'), SECRET);
});

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('the app:// scheme', () => {
  it('is registered as standard and secure, without bypassing the CSP', () => {
    expect(APP_SCHEME_PRIVILEGES.scheme).toBe('app');
    expect(APP_SCHEME_PRIVILEGES.privileges).toMatchObject({ standard: true, secure: true, supportFetchAPI: true });
    expect(APP_SCHEME_PRIVILEGES.privileges?.bypassCSP).not.toBe(true);
  });

  it('recognises only app://caja pages', () => {
    expect(isAppUrl('app://caja/index.html')).toBe(true);
    expect(isAppUrl('app://caja/')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
    expect(isAppUrl('https://caja/index.html')).toBe(false);
    expect(isAppUrl('file:///app/index.html')).toBe(false);
    expect(isAppUrl('data:text/html,hi')).toBe(false);
    expect(isAppUrl('')).toBe(false);
  });
});

describe('path-traversal guard', () => {
  it('maps app URLs to files inside the renderer folder', () => {
    expect(resolveAppFile(root, 'app://caja/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://caja/index.html')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://caja/assets/index-abc.js')).toBe(path.join(root, 'assets', 'index-abc.js'));
    expect(resolveAppFile(root, 'app://caja/assets/a%20b.png')).toBe(path.join(root, 'assets', 'a b.png'));
  });

  it.each([
    'app://caja/..%2Fsecret.txt',
    'app://caja/assets/..%2F..%2Fsecret.txt',
    'app://caja/%2E%2E%2Fsecret.txt',
    'app://caja/..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    'app://caja/..%2Frenderer-evil%2Fx.txt',
    'app://caja/..%5Csecret.txt',
    'app://caja/index.html%00.png',
    'app://caja/%E0%A4%A',
    'app://other/index.html',
    'file:///etc/passwd',
  ])('refuses %s', (url) => {
    expect(resolveAppFile(root, url)).toBeNull();
  });

  it('keeps dot segments the URL parser already removed inside the folder', () => {
    expect(resolveAppFile(root, 'app://caja/../secret.txt')).toBe(path.join(root, 'secret.txt'));
    expect(resolveAppFile(root, 'app://caja/%2e%2e/secret.txt')).toBe(path.join(root, 'secret.txt'));
  });

  it('never serves a file outside the folder, whatever the encoding', async () => {
    const handler = createAppProtocolHandler({ rootDir: root });
    const attacks = [
      'app://caja/../secret.txt',
      'app://caja/..%2Fsecret.txt',
      'app://caja/..%2f..%2fsecret.txt',
      'app://caja/%2e%2e%2fsecret.txt',
      'app://caja/assets/..%2F..%2Fsecret.txt',
      'app://caja/..%5Csecret.txt',
      'app://caja/..%2Frenderer-evil%2Fx.txt',
      `app://caja/${encodeURIComponent(path.join(base, 'secret.txt'))}`,
    ];
    for (const url of attacks) {
      const response = await handler(new Request(url));
      const text = await response.text();
      expect(text, url).not.toContain(SECRET);
    }
    const direct = await handler(new Request('app://caja/..%2Fsecret.txt'));
    expect(direct.status).toBe(404);
  });
});

describe('protocol handler', () => {
  const handler = () => createAppProtocolHandler({ rootDir: root });

  it('serves the page with the CSP header, the right type and no sniffing', async () => {
    const response = await handler()(new Request('app://caja/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Caja</title>');
  });

  it('serves scripts and images with their types, also under the CSP', async () => {
    const js = await handler()(new Request('app://caja/assets/index-abc.js'));
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const svg = await handler()(new Request('app://caja/assets/logo.svg'));
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers 404 for a missing asset and falls back to index.html for a client-side route', async () => {
    expect((await handler()(new Request('app://caja/assets/missing.js'))).status).toBe(404);
    const route = await handler()(new Request('app://caja/documentos'));
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>Caja</title>');
  });

  it('accepts only GET and HEAD', async () => {
    const post = await handler()(new Request('app://caja/index.html', { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
    const head = await handler()(new Request('app://caja/index.html', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers 404 for another host of the scheme', async () => {
    expect((await handler()(new Request('app://evil/index.html'))).status).toBe(404);
  });
});
