// "Cambios no aplicados": an edit a till made to a shared record (product, staff member, shop-wide setting)
// that the shop server did not apply because its own record had moved on (caja_put_record, migrations/server/0008_least_privilege.sql).
import { z } from 'zod';

export const UnappliedChangeSchema = z.object({
  id: z.number().int(),
  /** 'Producto', 'Persona', 'Ajuste'. */
  kind: z.string(),
  /** The record: a product code, a person's name, a setting's name, as the office reads it. */
  record: z.string(),
  terminal: z.string(),
  /** What the till wanted, in words (a PIN is never shown: only that it changed). */
  wanted: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type UnappliedChange = z.infer<typeof UnappliedChangeSchema>;
