import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLogger, redact, REDACTED } from '../../../electron/shell/file-logger';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function logDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-logs-'));
  dirs.push(dir);
  return path.join(dir, 'logs');
}

describe('redaction', () => {
  it('hides values under secret-named keys at any depth, keeping the rest', () => {
    const out = redact({
      token: 'tok_1',
      apiToken: 'tok_2',
      password: 'p1',
      nested: { Authorization: 'Bearer tok_3', headers: [{ authorization: 'Bearer tok_4' }], usuario: 'MODDATOS' },
      portalCredentials: { usuario: 'U', password: 'p2' },
      clave_sol: 'p3',
      method: 'issueSale',
      count: 3,
    });
    expect(out).toEqual({
      token: REDACTED,
      apiToken: REDACTED,
      password: REDACTED,
      nested: { Authorization: REDACTED, headers: [{ authorization: REDACTED }], usuario: 'MODDATOS' },
      portalCredentials: REDACTED,
      clave_sol: REDACTED,
      method: 'issueSale',
      count: 3,
    });
  });

  it('survives cycles and errors', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(redact({ a, error: new Error('boom') })).toEqual({ a: { name: 'a', self: '[ciclo]' }, error: { name: 'Error', message: 'boom' } });
  });

  it('never writes a token or password to the file, even a bearer inside a message', () => {
    const dir = logDir();
    const log = createFileLogger({ dir });
    log.info('request failed: Authorization: Bearer tok_secret_in_text', {
      config: { billingBaseUrl: 'https://api.example', token: 'tok_secret_value' },
      body: { usuario: 'USER', password: 'clave-secreta' },
    });
    const text = fs.readFileSync(log.file, 'utf8');
    expect(text).not.toMatch(/tok_secret_in_text|tok_secret_value|clave-secreta/);
    expect(text).toContain('https://api.example');
    expect(JSON.parse(text.trim())).toMatchObject({ level: 'info', data: { body: { usuario: 'USER' } } });
  });
});

describe('rotation', () => {
  it('rotates by size, keeps at most maxFiles files, newest entries in caja.log', () => {
    const dir = logDir();
    let n = 0;
    const log = createFileLogger({ dir, maxBytes: 400, maxFiles: 3, now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, n)) });
    for (n = 0; n < 40; n++) log.info(`entry ${String(n).padStart(3, '0')}`, { n });

    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual(['caja.1.log', 'caja.2.log', 'caja.log']);
    for (const f of files) expect(fs.statSync(path.join(dir, f)).size).toBeLessThanOrEqual(400);

    const numbers = (f: string) =>
      fs.readFileSync(path.join(dir, f), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { data: { n: number } }).data.n);
    const current = numbers('caja.log');
    const previous = numbers('caja.1.log');
    const oldest = numbers('caja.2.log');
    expect(current.at(-1)).toBe(39);
    expect(Math.max(...previous)).toBeLessThan(Math.min(...current));
    expect(Math.max(...oldest)).toBeLessThan(Math.min(...previous));
    expect(Math.min(...oldest)).toBeGreaterThan(0); // the first entries were rotated away
  });

  it('does not throw when the folder cannot be written', () => {
    const dir = logDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(dir, 'a file where the folder should be');
    const log = createFileLogger({ dir });
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(() => log.error('x')).not.toThrow();
      expect(() => log.error('y')).not.toThrow();
    } finally {
      console.error = original;
    }
  });
});
