// A tiny static server for the built renderer on 127.0.0.1, answering with the same Content-Security-Policy the
// app:// protocol of the Electron shell sends, so a CSP violation (inline script, eval) fails the browser tests.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../electron/shell/security';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function startStaticServer(rootDir: string): Promise<StaticServer> {
  const root = path.resolve(rootDir);
  await fs.access(path.join(root, 'index.html')).catch(() => {
    throw new Error(`No existe ${root}/index.html: construya el renderer antes de las pruebas (npm run build).`);
  });
  const server = http.createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = path.resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`);
      if (!file.startsWith(root + path.sep) || req.method !== 'GET') {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = await fs.readFile(file);
        res.writeHead(200, {
          'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'Cache-Control': 'no-cache',
        });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
