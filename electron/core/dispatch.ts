import { ZodError } from 'zod';
import { bridgeContract, type BridgeMethod, type BridgeOutput, type BridgeResult } from '../../shared/bridge';
import { isApiError } from './api';
import { CoreError } from './services/errors';
import { installSpanishErrors } from '../../shared/validation/spanish-errors';
import { cleanTextsIn } from '../../shared/billing/text-safety';

// Every validation message that crosses the bridge is Spanish, including zod's defaults (issue 16).
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
 * Method name -> handler, validating input and output against the bridge contract. Never throws: every failure
 * becomes `{ ok: false, error }` with a Spanish message. The same function serves Electron IPC and the browser tests.
 */
export function createDispatcher(handlers: Handlers, log: Logger = silentLogger, authorize?: (method: BridgeMethod) => void) {
  return async function dispatch(method: string, input: unknown): Promise<BridgeResult<unknown>> {
    if (!hasMethod(method)) {
      return { ok: false, error: { code: 'unknown_method', message: 'Operación no permitida.' } };
    }
    // Who may call what is the core's decision (issue 13), taken before the input is even read.
    try {
      authorize?.(method);
    } catch (e) {
      return { ok: false, error: toBridgeError(e, method, log) };
    }
    const spec = bridgeContract[method];
    // Every text that crosses the bridge is cleaned (bidi and zero-width characters out, NFC) and refused when it
    // holds a control character, before any schema or handler sees it (issue 16).
    const cleaned = cleanTextsIn(input ?? {});
    if (cleaned.problems.length > 0) {
      return { ok: false, error: { code: 'validation', message: 'Revise los datos ingresados.', fields: cleaned.problems } };
    }
    const parsed = spec.input.safeParse(cleaned.value);
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
  if (e instanceof ZodError) return validationError(e);
  const fields = (e as { errors?: unknown }).errors;
  if (e instanceof Error && e.name === 'SaleValidationError' && Array.isArray(fields)) {
    return { code: 'validation', message: 'Revise los datos del comprobante.', fields: fields as { path: string; message: string }[] };
  }
  if (e instanceof Error && e.name === 'StoreError') return { code: 'store', message: e.message };
  log.error('unexpected error in bridge handler', { method, error: e instanceof Error ? e.message : String(e) });
  return { code: 'internal', message: 'Ocurrió un error interno. Intente de nuevo; si persiste, reinicie Caja.' };
}
