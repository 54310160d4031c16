// Bridge errors → the messages of the cash forms' fields.
import type { BridgeError } from '../../../../shared/bridge';

export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: BridgeError): FieldErrors {
  const out: FieldErrors = {};
  for (const f of error.fields ?? []) out[f.path.split('.')[0] ?? f.path] ??= f.message;
  return out;
}
