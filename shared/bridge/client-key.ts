// The idempotency key every write across the bridge carries (shared/bridge/writes.ts lists them). The window makes
// one per intention (a form or dialog opened, a sale started) and sends it again on every retry of that intention,
// so a retry after the core died (the commit made, the answer lost) answers the first result and writes nothing.
import { z } from 'zod';

export const CLIENT_KEY_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

export const ClientKeySchema = z
  .string({ error: 'Falta la clave de la operación: cierre el formulario y vuelva a abrirlo.' })
  .regex(CLIENT_KEY_PATTERN, { error: 'Clave de la operación no válida' });

/** The shape fragment a write's input schema spreads in: `z.strictObject({ ...clientKeyField, ... })`. */
export const clientKeyField = { clientKey: ClientKeySchema };

/**
 * Fields that authorise or confirm a request without changing what it asks: a retry of the same intention may add
 * them (a supervisor's PIN after "approval_required", the clock confirmed after "clock_confirm").
 */
export const AUTHORISING_FIELDS = ['clientKey', 'approval', 'confirmed'] as const;

export const IDEMPOTENCY_CONFLICT_MESSAGE =
  'Esta operación ya se registró con otros datos: no se hizo nada nuevo. Revise si la primera quedó registrada; para hacer otra distinta, cancele o cierre este formulario y empiece de nuevo.';
