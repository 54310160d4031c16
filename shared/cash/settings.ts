// How the till runs its cash, in Ajustes → Caja: whether selling needs an open session, and the drawer.
// The drawer opens in one of two ways: the printer driver's own "open drawer" option (a system printer: the driver
// sends the kick with the ticket, nothing for Caja to do), or the ESC/POS pulse sent raw to a network printer on TCP
// 9100 (electron/core/cash/drawer.ts).
import { z } from 'zod';
import { DiscountLimitSchema } from '../discounts/schema';

export const DRAWER_MODES = ['none', 'driver', 'network'] as const;
export const DRAWER_MODE_LABELS = {
  none: 'Sin cajón',
  driver: 'Lo abre el controlador de la impresora',
  network: 'Impresora de red (pulso ESC/POS al puerto 9100)',
} as const;

const HOST = /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const DrawerSettingsSchema = z
  .strictObject({
    mode: z.enum(DRAWER_MODES, { error: 'Elija cómo se abre el cajón' }),
    host: z.string().trim().max(200, { error: 'Dirección demasiado larga' }),
    port: z.number({ error: 'Ingrese el puerto' }).int({ error: 'El puerto es un número entero' }).min(1, { error: 'Puerto entre 1 y 65535' }).max(65535, { error: 'Puerto entre 1 y 65535' }),
  })
  .superRefine((d, ctx) => {
    if (d.mode === 'network' && !HOST.test(d.host)) {
      ctx.addIssue({ code: 'custom', path: ['host'], message: 'Ingrese la IP o el nombre de la impresora (ej. 192.168.1.50)' });
    }
  });
export type DrawerSettings = z.infer<typeof DrawerSettingsSchema>;

export const ShiftSettingsSchema = z.strictObject({
  /** Selling needs an open cash session (default). Off: sales outside a session belong to none. */
  requireSession: z.boolean({ error: 'Indique si se exige abrir caja para vender' }),
  drawer: DrawerSettingsSchema,
  /** Discounts beyond this percentage of the sale need a supervisor's PIN (settings saved before it: 10 %). */
  discountLimit: DiscountLimitSchema.default('10'),
});
export type ShiftSettings = z.output<typeof ShiftSettingsSchema>;

export const DEFAULT_SHIFT_SETTINGS: ShiftSettings = { requireSession: true, drawer: { mode: 'none', host: '', port: 9100 }, discountLimit: '10' };
