// Bridge schemas of "Esta PC es el servidor de la tienda" and of a till joining a server with a code.
// Spread `serverHostContract` into bridgeContract. The owner's password and the tills' passwords never cross the
// bridge; the dumps' paths stay in the core (the renderer names a dump by its file name).
import { z } from 'zod';
import { SettingsViewSchema } from './settings';

const NoInput = z.strictObject({});

export const SERVER_DUMP_REASON_LABELS = {
  diaria: 'Diaria',
  'al-detener': 'Al detener',
  manual: 'Manual',
  'antes-de-restaurar': 'Antes de restaurar',
} as const;

export const ServerDumpViewSchema = z.object({
  fileName: z.string(),
  reason: z.enum(['diaria', 'al-detener', 'manual', 'antes-de-restaurar']),
  createdAt: z.string(),
  size: z.number().int(),
  check: z.enum(['ok', 'failed', 'unverified']),
  message: z.string().nullable(),
  rows: z.number().int().nullable(),
});
export type ServerDumpView = z.infer<typeof ServerDumpViewSchema>;

export const RegistrationCodeSchema = z.object({ code: z.string(), expiresAt: z.string() });

export const ServerHostViewSchema = z.object({
  /** This PC hosts the shop server (its cluster exists). */
  configured: z.boolean(),
  running: z.boolean(),
  port: z.number().int().nullable(),
  /** What the other tills type (this PC's LAN addresses). */
  addresses: z.array(z.string()),
  disk: z.object({ freeBytes: z.number(), totalBytes: z.number(), dataBytes: z.number() }).nullable(),
  /** The data folder is of another PostgreSQL major than Caja ships: "Actualizar datos del servidor". */
  versionNote: z.string().nullable(),
  /** The newest one-time code made since Caja started (shown until it expires). */
  code: RegistrationCodeSchema.nullable(),
  dumps: z.array(ServerDumpViewSchema),
  /** Announced on the LAN by mDNS. */
  advertised: z.boolean(),
  /** The last thing that went wrong (start, daily copy), in Spanish; null when all is well. */
  problem: z.string().nullable(),
});
export type ServerHostView = z.infer<typeof ServerHostViewSchema>;

export const FoundServerSchema = z.object({ name: z.string(), addresses: z.array(z.string()), port: z.number().int(), shop: z.string().nullable() });
export type FoundServer = z.infer<typeof FoundServerSchema>;

const HOST = /^[A-Za-z0-9.:-]{1,200}$/;
export const JoinShopServerInputSchema = z.strictObject({
  host: z.string().trim().regex(HOST, { error: 'Ingrese la dirección que muestra el servidor (ej. 192.168.1.10)' }),
  port: z.number({ error: 'Ingrese el puerto' }).int().min(1, { error: 'Puerto entre 1 y 65535' }).max(65535, { error: 'Puerto entre 1 y 65535' }),
  code: z.string().trim().min(16, { error: 'El código tiene 16 letras y números' }).max(30, { error: 'El código tiene 16 letras y números' }),
  terminalName: z.string().trim().min(1, { error: 'Ingrese el nombre de esta caja' }).max(40, { error: 'Como máximo 40 caracteres' }),
});
export type JoinShopServerInput = z.infer<typeof JoinShopServerInputSchema>;

export const serverHostContract = {
  getServerHost: { input: NoInput, output: ServerHostViewSchema },
  /** Makes the cluster the first time, then starts it (and it starts with Caja from then on). */
  enableServerHost: { input: NoInput, output: ServerHostViewSchema },
  startServerHost: { input: NoInput, output: ServerHostViewSchema },
  stopServerHost: { input: NoInput, output: ServerHostViewSchema },
  newRegistrationCode: { input: NoInput, output: RegistrationCodeSchema },
  dumpServerHostNow: { input: NoInput, output: ServerHostViewSchema },
  restoreServerHostDump: { input: z.strictObject({ fileName: z.string().min(1).max(200) }), output: z.object({ keptAs: z.string() }) },
  /** A new PostgreSQL major: dump restored into a new cluster, the old folder kept. */
  adoptServerHostMajor: { input: NoInput, output: ServerHostViewSchema },
  /** A till: the shop servers announced on the LAN (a few seconds of listening). */
  discoverShopServers: { input: NoInput, output: z.array(FoundServerSchema) },
  /** A till: registers with the address and code, and saves the shop-server settings it gets. */
  joinShopServer: { input: JoinShopServerInputSchema, output: SettingsViewSchema },
} as const;
