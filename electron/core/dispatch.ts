import { ZodError } from 'zod';
import { bridgeContract, type BridgeMethod, type BridgeOutput, type BridgeResult } from '../../shared/bridge';
import { isApiError } from './api';
import { CdrError } from './cdr';
import { CoreError } from './services/errors';
import { storageFailureOf } from './db/storage-errors';
import { installSpanishErrors } from '../../shared/validation/spanish-errors';
import { cleanTextsIn } from '../../shared/billing/text-safety';
import { PRODUCT_CSV_MAX_CHARS, PRODUCT_CSV_TOO_BIG } from '../../shared/bridge/products';

// Every validation message that crosses the bridge is Spanish, including zod's defaults.
installSpanishErrors();

/** One implementation per bridge method; the input arrives already validated (and transformed) by the contract. */
export type Handlers = {
  [M in BridgeMethod]: (input: import('zod').infer<(typeof bridgeContract)[M]['input']>) => Promise<BridgeOutput<M>> | BridgeOutput<M>;
};

export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

const hasMethod = (name: string): name is BridgeMethod => Object.prototype.hasOwnProperty.call(bridgeContract, name);

/**
 * The longest text a bridge input may carry, checked before any per-character work (cleaning a 200 million
 * character "CSV" held the main thread 17.7 s and took 2.8 GB before its schema refused it). Reading lengths costs
 * nothing; a product import's file is the one large text.
 */
const MAX_TEXT = 1_000_000;
const MAX_TEXT_OF: Partial<Record<BridgeMethod, { chars: number; message: string }>> = {
  importProducts: { chars: PRODUCT_CSV_MAX_CHARS, message: PRODUCT_CSV_TOO_BIG },
};
/**
 * Texts whose cleaning the handler does itself, off the main thread: cleaning a product import's 20 MB
 * file here held the main thread some 300 ms. The handler cleans them with the same cleanTextsIn and answers the same
 * 'validation' error, path included.
 */
const CLEANED_BY_HANDLER: Partial<Record<BridgeMethod, readonly string[]>> = { importProducts: ['csv'] };
/** More values than any input has (a sale's lines and payments are some hundreds). */
const MAX_VALUES = 100_000;

/** The first text over `max` characters (by path), or the input's size when it holds too many values; null when fine. */
function oversized(input: unknown, max: number): { path: string; tooMany: boolean } | null {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen > MAX_VALUES) return { path: '', tooMany: true };
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > max) return { path, tooMany: false };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: path ? `${path}.${key}` : key });
    }
  }
  return null;
}

/**
 * Method name -> handler, validating input and output against the bridge contract. Never throws: every failure
 * becomes `{ ok: false, error }` with a Spanish message. The same function serves Electron IPC and the browser tests.
 */
export function createDispatcher(handlers: Handlers, log: Logger = silentLogger, authorize?: (method: BridgeMethod) => void) {
  return async function dispatch(method: string, input: unknown): Promise<BridgeResult<unknown>> {
    if (!hasMethod(method)) {
      return { ok: false, error: { code: 'unknown_method', message: 'Operación no permitida.' } };
    }
    // Who may call what is the core's decision, taken before the input is even read.
    try {
      authorize?.(method);
    } catch (e) {
      return { ok: false, error: toBridgeError(e, method, log) };
    }
    const spec = bridgeContract[method];
    const limit = MAX_TEXT_OF[method] ?? { chars: MAX_TEXT, message: `El texto es demasiado largo (máximo ${MAX_TEXT.toLocaleString('es-PE')} caracteres)` };
    const tooBig = oversized(input, limit.chars);
    if (tooBig) {
      const message = tooBig.tooMany ? 'Los datos enviados son demasiados.' : limit.message;
      return { ok: false, error: { code: 'validation', message: 'Revise los datos ingresados.', fields: [{ path: tooBig.path, message }] } };
    }
    // Every text that crosses the bridge is cleaned (bidi and zero-width characters out, NFC) and refused when it
    // holds a character it cannot declare (a control, an unpaired surrogate, U+FFFE/U+FFFF: text-safety.ts), before
    // any schema or handler sees it.
    const { value: toClean, kept } = setAside(input ?? {}, CLEANED_BY_HANDLER[method]);
    const cleaned = cleanTextsIn(toClean);
    if (cleaned.problems.length > 0) {
      return { ok: false, error: { code: 'validation', message: 'Revise los datos ingresados.', fields: cleaned.problems } };
    }
    const parsed = spec.input.safeParse(kept ? { ...(cleaned.value as object), ...kept } : cleaned.value);
    if (!parsed.success) return { ok: false, error: validationError(parsed.error) };
    try {
      const handler = handlers[method] as (i: unknown) => unknown;
      const value = await handler(parsed.data);
      const out = spec.output.safeParse(value);
      if (!out.success) {
        log.error('bridge output does not match the contract', { method, issues: out.error.issues.slice(0, 5) });
        return { ok: false, error: { code: 'internal', message: 'Error interno: respuesta inesperada del sistema.' } };
      }
      return { ok: true, value: out.data };
    } catch (e) {
      return { ok: false, error: toBridgeError(e, method, log) };
    }
  };
}

/** The top-level `fields` of an input object taken out (to be cleaned by the handler), and the rest. */
function setAside(input: unknown, fields: readonly string[] | undefined): { value: unknown; kept?: Record<string, unknown> } {
  if (!fields || input === null || typeof input !== 'object' || Array.isArray(input)) return { value: input };
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const kept: Record<string, unknown> = {};
  for (const field of fields) {
    if (typeof rest[field] !== 'string') continue; // anything else is cleaned (and refused by the schema) as usual
    kept[field] = rest[field];
    delete rest[field];
  }
  return { value: rest, kept };
}

function validationError(error: ZodError) {
  return {
    code: 'validation',
    message: 'Revise los datos ingresados.',
    fields: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  };
}

function toBridgeError(e: unknown, method: string, log: Logger) {
  if (e instanceof CoreError) return { code: e.code, message: e.message, ...(e.fields ? { fields: e.fields } : {}) };
  if (isApiError(e)) return { code: `api_${e.kind}`, message: e.message };
  // A CDR that could not be read (a damaged zip, or one the limits refused) is said in Spanish, not "internal".
  if (e instanceof CdrError) return { code: `cdr_${e.code}`, message: e.message };
  if (e instanceof ZodError) return validationError(e);
  const fields = (e as { errors?: unknown }).errors;
  if (e instanceof Error && e.name === 'SaleValidationError' && Array.isArray(fields)) {
    return { code: 'validation', message: 'Revise los datos del comprobante.', fields: fields as { path: string; message: string }[] };
  }
  if (e instanceof Error && e.name === 'StoreError') return { code: 'store', message: e.message };
  // A full disk, a read-only folder, an I/O error: said plainly, with what was not saved.
  const storage = storageFailureOf(e, method);
  if (storage) {
    log.error('storage failure in bridge handler', { method, code: storage.code, error: e instanceof Error ? e.message : String(e) });
    return storage;
  }
  log.error('unexpected error in bridge handler', { method, error: e instanceof Error ? e.message : String(e) });
  return { code: 'internal', message: 'Ocurrió un error interno. Intente de nuevo; si persiste, reinicie Caja.' };
}
