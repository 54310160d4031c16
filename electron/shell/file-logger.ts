// The main process's log: one JSON line per entry in <userData>/logs/caja.log, rotated by size (caja.1.log is the
// newest old file), a few files kept. Secrets never reach the file: values under keys that name a token, password,
// authorization or credential are replaced, at any depth. Plain Node; no Electron import.
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../core/dispatch';

export interface FileLoggerOptions {
  dir: string;
  /** Default caja */
  baseName?: string;
  /** Rotate when the current file would pass this size. Default 1 MiB. */
  maxBytes?: number;
  /** Files kept including the current one. Default 5. */
  maxFiles?: number;
  now?: () => Date;
  /** Also write to the console (development). */
  echo?: boolean;
}

export interface FileLogger extends Logger {
  readonly file: string;
}

const SECRET_KEY = /token|password|passwd|contrase|authorization|secret|credential|cookie|clave/i;
export const REDACTED = '[oculto]';
const MAX_DEPTH = 6;

/** A copy of `value` with every secret-named key's value replaced; errors become their message; cycles are cut. */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' ? value.toString() : value;
  }
  if (seen.has(value)) return '[ciclo]';
  if (depth >= MAX_DEPTH) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : redact(v, depth + 1, seen);
  }
  return out;
}

/** Bearer tokens that slipped into a message text are masked too. */
function redactText(text: string): string {
  return text.replace(/(bearer\s+)[^\s"']+/gi, `$1${REDACTED}`);
}

export function formatEntry(level: string, message: string, data: Record<string, unknown> | undefined, at: Date): string {
  const entry: Record<string, unknown> = { at: at.toISOString(), level, message: redactText(message) };
  if (data !== undefined) entry.data = redact(data);
  return `${redactText(JSON.stringify(entry))}\n`;
}

export function createFileLogger(options: FileLoggerOptions): FileLogger {
  const baseName = options.baseName ?? 'caja';
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const maxFiles = Math.max(1, options.maxFiles ?? 5);
  const now = options.now ?? (() => new Date());
  const file = path.join(options.dir, `${baseName}.log`);
  const older = (n: number) => path.join(options.dir, `${baseName}.${n}.log`);
  let broken = false;

  function rotate(): void {
    if (maxFiles === 1) {
      fs.rmSync(file, { force: true });
      return;
    }
    fs.rmSync(older(maxFiles - 1), { force: true });
    for (let n = maxFiles - 2; n >= 1; n--) {
      if (fs.existsSync(older(n))) fs.renameSync(older(n), older(n + 1));
    }
    fs.renameSync(file, older(1));
  }

  function write(level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>): void {
    const line = formatEntry(level, message, data, now());
    if (options.echo) (level === 'info' ? console.log : console.error)(line.trimEnd());
    if (broken) return;
    try {
      fs.mkdirSync(options.dir, { recursive: true });
      const size = fs.existsSync(file) ? fs.statSync(file).size : 0;
      if (size > 0 && size + Buffer.byteLength(line) > maxBytes) rotate();
      fs.appendFileSync(file, line, { encoding: 'utf8', mode: 0o600 });
    } catch (e) {
      // A log that cannot be written must never take the app down; say it once on the console.
      broken = true;
      console.error(`Caja: no se pudo escribir el registro en ${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  return {
    file,
    info: (message, data) => write('info', message, data),
    warn: (message, data) => write('warn', message, data),
    error: (message, data) => write('error', message, data),
  };
}
