// The shop server, in Ajustes → Servidor de la tienda: one PostgreSQL database shared by the shop's tills.
// Optional: with it off, Caja behaves exactly as a single till. The password is kept in the secret store, as the
// token is, and never reaches the renderer.
import { z } from 'zod';

const HOST = /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_$-]{0,62}$/;
/** One or more PEM certificates (RFC 7468's textual encoding) and nothing else. */
// Whitespace and base64 never overlap at a point where the pattern could split a run two ways (linear time on any paste).
const PEM_CERTIFICATE = /^(?:-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/=][A-Za-z0-9+/=\s]*-----END CERTIFICATE-----\s*)+$/;

export const ShopServerSettingsSchema = z
  .strictObject({
    enabled: z.boolean({ error: 'Indique si esta caja usa el servidor de la tienda' }),
    host: z.string().trim().max(200, { error: 'Dirección demasiado larga' }),
    port: z.number({ error: 'Ingrese el puerto' }).int({ error: 'El puerto es un número entero' }).min(1, { error: 'Puerto entre 1 y 65535' }).max(65535, { error: 'Puerto entre 1 y 65535' }),
    database: z.string().trim().max(63),
    user: z.string().trim().max(63),
    /** 'on': TLS with the server's certificate checked against the system's authorities, or against `caCert`. */
    tls: z.enum(['off', 'on'], { error: 'Elija si la conexión usa TLS' }),
    /**
     * The certificate (PEM) of the authority that signed the server's: a shop's server on the LAN usually has its own,
     * which no system trusts. Empty: the system's authorities. Not a secret (it is public by nature).
     */
    caCert: z.string().trim().max(20_000, { error: 'El certificado es demasiado largo' }).default(''),
    /** How this till is named on the server ("Caja 2"): shown to the other tills. */
    terminalName: z.string().trim().min(1, { error: 'Ingrese el nombre de esta caja' }).max(40, { error: 'Como máximo 40 caracteres' }),
  })
  .superRefine((s, ctx) => {
    if (!s.enabled) return;
    if (!HOST.test(s.host)) ctx.addIssue({ code: 'custom', path: ['host'], message: 'Ingrese la IP o el nombre del servidor (ej. 192.168.1.10)' });
    if (!NAME.test(s.database)) ctx.addIssue({ code: 'custom', path: ['database'], message: 'Ingrese el nombre de la base de datos' });
    if (!NAME.test(s.user)) ctx.addIssue({ code: 'custom', path: ['user'], message: 'Ingrese el usuario' });
    if (s.tls === 'on' && s.caCert !== '' && !PEM_CERTIFICATE.test(s.caCert)) {
      ctx.addIssue({ code: 'custom', path: ['caCert'], message: 'Pegue el certificado en formato PEM (de -----BEGIN CERTIFICATE----- a -----END CERTIFICATE-----)' });
    }
  });
export type ShopServerSettings = z.infer<typeof ShopServerSettingsSchema>;

/** TLS is on unless someone chooses otherwise: Ajustes names a plain connection as unsafe. */
export const DEFAULT_SHOP_SERVER: ShopServerSettings = { enabled: false, host: '', port: 5432, database: 'caja', user: 'caja', tls: 'on', caCert: '', terminalName: 'Caja 1' };

/** What the till knows of its link to the server, for the status bar and Ajustes. */
export const ShopServerStatusSchema = z.object({
  state: z.enum(['off', 'connecting', 'online', 'offline', 'conflict', 'refused']),
  /** Documents written on this till and not yet on the server. */
  pending: z.number().int(),
  /** Documents the server refused: set aside with their reason, the rest of the queue goes on. */
  setAside: z.number().int(),
  lastPushAt: z.string().nullable(),
  message: z.string().nullable(),
});
export type ShopServerStatus = z.infer<typeof ShopServerStatusSchema>;
