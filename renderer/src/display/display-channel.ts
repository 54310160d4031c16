// The till tells the customer display what to show over a BroadcastChannel: same-origin pages of the app
// (the till and the display window, app://caja) share it without any bridge or IPC. Messages are checked with zod.
import { z } from 'zod';

export const DISPLAY_CHANNEL = 'caja-display';

export const DisplayMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('idle') }),
  z.object({
    kind: z.literal('sale'),
    lines: z.array(z.object({ description: z.string(), quantity: z.string(), amount: z.string() })).max(1000),
    total: z.string(),
    currencySymbol: z.string(),
    change: z.string().nullable(),
    /** The change's currency when it is not the sale's: a dollar sale's change is handed back in soles. */
    changeSymbol: z.string().optional(),
  }),
  z.object({ kind: z.literal('thanks'), total: z.string(), currencySymbol: z.string(), change: z.string().nullable(), changeSymbol: z.string().optional() }),
]);
export type DisplayMessage = z.infer<typeof DisplayMessageSchema>;

export function openDisplayChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(DISPLAY_CHANNEL) : null;
}
