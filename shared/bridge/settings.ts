import { z } from 'zod';
import { ApiUrlSchema } from '../validation/api-url';
import { PaymentMethodSchema, PaymentMethodsSchema } from '../payments';
import { PROVIDERS } from '../api/dialect';
import { SCALE_MODES } from '../catalog/scale-barcode';
import { ShiftSettingsSchema } from '../cash/settings';
import { ShopServerSettingsSchema } from '../server/settings';

/**
 * Where the invoicing API lives. The real provider's bases come from docs/api/provider-factiliza.md ("Bases and tokens":
 * production billing ×1, QA billing ×3, query ×4); "Personalizado" leaves the addresses to the user.
 */
export const API_PRESETS = [
  {
    id: 'factiliza',
    label: 'Factiliza producción',
    billingBaseUrl: 'https://apife.factiliza.com/api/v1',
    queryBaseUrl: 'https://api.factiliza.com',
    provider: 'factiliza',
  },
  {
    id: 'factiliza-qa',
    label: 'Factiliza pruebas (QA)',
    billingBaseUrl: 'https://apife-qa.factiliza.com/api/v1',
    queryBaseUrl: 'https://api.factiliza.com',
    provider: 'factiliza',
  },
] as const;

export const PaperSchema = z.enum(['80mm', '58mm', 'A4']);
export type Paper = z.infer<typeof PaperSchema>;

/** https:// only, but for this machine (shared/validation/api-url.ts). */
const httpUrl = ApiUrlSchema;

/** What the renderer may see of the settings. The token never appears: only whether it is set and its last 4 characters. */
export const SettingsViewSchema = z.object({
  demo: z.boolean(),
  api: z.object({
    billingBaseUrl: z.string(),
    queryBaseUrl: z.string(),
    provider: z.enum(PROVIDERS),
    tokenSet: z.boolean(),
    tokenLast4: z.string().max(4).optional(),
    /** A separate token for the query API; when not set, the billing token is used for both. */
    queryTokenSet: z.boolean(),
    queryTokenLast4: z.string().max(4).optional(),
  }),
  company: z.object({
    ruc: z.string(),
    name: z.string(),
    tradeName: z.string(),
    address: z.string(),
    igvRegime: z.enum(['general', 'special']),
  }),
  series: z.object({
    boleta: z.object({ series: z.string(), nextNumber: z.number().int() }),
    factura: z.object({ series: z.string(), nextNumber: z.number().int() }),
  }),
  printer: z.object({ deviceName: z.string(), paper: PaperSchema }),
  portal: z.object({ remembered: z.boolean(), usuario: z.string().optional() }),
  /** How the till behaves. allowPriceChange: price and affectation of a catalogue product may be edited on the line. */
  /** printOnIssue: Enter on the ticket after issuing prints it and starts the next sale (default on). */
  sale: z.object({
    allowPriceChange: z.boolean(),
    printOnIssue: z.boolean(),
    /** Scale labels (EAN-13 prefix 20–29): off, or item + weight, or item + price (shared/catalog/scale-barcode.ts). */
    scale: z.object({ mode: z.enum(SCALE_MODES), itemDigits: z.number().int() }),
    /** Payments by Yape, Plin or transfer must carry their operation number (default on). */
    requireOperationNumber: z.boolean(),
  }),
  /** The shop's payment methods, in the order the till offers them. */
  paymentMethods: z.array(PaymentMethodSchema),
  /** The cash session and the drawer. */
  shift: ShiftSettingsSchema,
  /** The shop server; its password only says whether it is set. */
  shopServer: z.object({ settings: ShopServerSettingsSchema, passwordSet: z.boolean() }),
  /** Sign-in: sixDigits, new and changed PINs must have 6 digits (shorter ones still sign in). */
  pins: z.object({ sixDigits: z.boolean() }),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;

/** A change to the settings; each block is optional. Checked again in the core (RUC digit, series format). */
export const SettingsUpdateSchema = z.strictObject({
  demo: z.boolean().optional(),
  api: z
    .strictObject({
      billingBaseUrl: httpUrl,
      queryBaseUrl: httpUrl,
      provider: z.enum(PROVIDERS, { error: 'Elija el proveedor de la API' }).default('document'),
    })
    .optional(),
  company: z
    .strictObject({
      ruc: z.string().trim().regex(/^\d{11}$/, 'El RUC tiene 11 dígitos'),
      name: z.string().trim().min(3, 'Ingrese la razón social').max(200),
      tradeName: z.string().trim().max(200),
      address: z.string().trim().min(3, 'Ingrese la dirección fiscal').max(300),
      igvRegime: z.enum(['general', 'special']),
    })
    .optional(),
  series: z
    .strictObject({
      boleta: z.string().trim().toUpperCase().regex(/^B[A-Z0-9]{3}$/, 'La serie de boletas es B y 3 letras o números (ej. B001)'),
      factura: z.string().trim().toUpperCase().regex(/^F[A-Z0-9]{3}$/, 'La serie de facturas es F y 3 letras o números (ej. F001)'),
    })
    .optional(),
  printer: z.strictObject({ deviceName: z.string().trim().max(200), paper: PaperSchema }).optional(),
  sale: z
    .strictObject({
      allowPriceChange: z.boolean({ error: 'Indique si se permite cambiar el precio en la venta' }),
      printOnIssue: z.boolean({ error: 'Indique si se imprime al emitir' }).optional(),
      scale: z
        .strictObject({
          mode: z.enum(SCALE_MODES, { error: 'Elija cómo leer las etiquetas de la balanza' }),
          itemDigits: z.number().int().min(4, 'Entre 4 y 6 dígitos').max(6, 'Entre 4 y 6 dígitos'),
        })
        .optional(),
      requireOperationNumber: z.boolean({ error: 'Indique si se pide el número de operación' }).optional(),
    })
    .optional(),
  paymentMethods: PaymentMethodsSchema.optional(),
  shift: ShiftSettingsSchema.optional(),
  shopServer: ShopServerSettingsSchema.optional(),
  pins: z.strictObject({ sixDigits: z.boolean({ error: 'Indique si se exigen PIN de 6 dígitos' }) }).optional(),
});
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>;

export const TokenInputSchema = z.strictObject({
  token: z.string().trim().min(8, 'El token parece incompleto').max(4096),
  /** 'query': a separate token for the query API (default: the billing token serves both). */
  target: z.enum(['billing', 'query']).default('billing'),
});

/** What "Probar conexión" found for one API, without declaring anything. */
export const ConnectionProbeSchema = z.object({
  ok: z.boolean(),
  /** HTTP status that answered; null when nothing answered. */
  status: z.number().int().nullable(),
  message: z.string(),
});
export const ConnectionTestSchema = z.object({ billing: ConnectionProbeSchema, query: ConnectionProbeSchema });
export type ConnectionTest = z.infer<typeof ConnectionTestSchema>;

export const TokenStatusSchema = z.object({ tokenSet: z.boolean(), tokenLast4: z.string().max(4).optional() });
export type TokenStatus = z.infer<typeof TokenStatusSchema>;

/** The shop server's password: written, never read back. */
export const ShopServerPasswordInputSchema = z.strictObject({
  password: z.string({ error: 'Ingrese la contraseña' }).min(1, { error: 'Ingrese la contraseña' }).max(200),
});
