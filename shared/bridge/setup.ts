// The first-run setup: the shop's company, series, API and printer, then "Empezar a vender"; or demo mode,
// which is one choice of the wizard and lives in its own database file.
import { z } from 'zod';
import { ApiUrlSchema } from '../validation/api-url';
import { PROVIDERS } from '../api/dialect';
import { PaperSchema } from './settings';
import { isValidRuc } from '../ids';

/** https:// only, but for this machine (shared/validation/api-url.ts). */
const httpUrl = ApiUrlSchema;

/** What going live may take from the demo file: never its documents or numbering. */
export const CarrySchema = z.strictObject({
  products: z.boolean({ error: 'Indique si se llevan los productos' }),
  paymentMethods: z.boolean({ error: 'Indique si se llevan los medios de pago' }),
  staff: z.boolean({ error: 'Indique si se lleva el personal' }),
});
export type Carry = z.infer<typeof CarrySchema>;

/** What going live would take from the demo file, and what stays there, said before the owner chooses. */
export const GoLivePreviewSchema = z.object({
  /** The owner's products (the demo's own examples, untouched, are not counted: they stay). */
  products: z.number().int(),
  paymentMethods: z.array(z.string()),
  /** Each person keeps the PIN they use in demo. */
  staff: z.array(z.object({ name: z.string(), role: z.enum(['cajero', 'supervisor', 'administrador']) })),
  /** In the owner's words: what never leaves the demo file. */
  staysInDemo: z.array(z.string()),
});
export type GoLivePreview = z.infer<typeof GoLivePreviewSchema>;

/** A RUC of 11 digits whose check digit is wrong (a typo): said the same on the field and by the core. */
export const RUC_CHECK_DIGIT_MESSAGE = 'RUC no válido: revise el número (dígito verificador)';

export const SetupInputSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('demo') }),
  z.strictObject({
    mode: z.literal('real'),
    company: z.strictObject({
      ruc: z
        .string()
        .trim()
        .regex(/^\d{11}$/, 'El RUC tiene 11 dígitos')
        .refine((ruc) => !/^\d{11}$/.test(ruc) || isValidRuc(ruc), RUC_CHECK_DIGIT_MESSAGE),
      name: z.string().trim().min(3, 'Ingrese la razón social').max(200),
      tradeName: z.string().trim().max(200),
      address: z.string().trim().min(3, 'Ingrese la dirección fiscal').max(300),
      igvRegime: z.enum(['general', 'special'], { error: 'Elija el régimen del IGV' }),
    }),
    series: z.strictObject({
      boleta: z.string().trim().toUpperCase().regex(/^B[A-Z0-9]{3}$/, 'La serie de boletas es B y 3 letras o números (ej. B001)'),
      factura: z.string().trim().toUpperCase().regex(/^F[A-Z0-9]{3}$/, 'La serie de facturas es F y 3 letras o números (ej. F001)'),
    }),
    api: z.strictObject({ billingBaseUrl: httpUrl, queryBaseUrl: httpUrl, provider: z.enum(PROVIDERS) }),
    printer: z.strictObject({ deviceName: z.string().trim().max(200), paper: PaperSchema }),
    /** Going live from demo: what the owner chose to take from the demo file (nothing when left out). */
    carry: CarrySchema.optional(),
  }),
]);
export type SetupInput = z.input<typeof SetupInputSchema>;
export type SetupInputParsed = z.output<typeof SetupInputSchema>;

export const setupContract = {
  /** Saves the setup in the chosen mode's database and restarts Caja on it. The token is saved with setToken first. */
  completeSetup: { input: SetupInputSchema, output: z.object({ restarting: z.boolean() }) },
  /** Going live from demo: what the demo file holds that may be carried, and what never is. */
  previewGoLive: { input: z.strictObject({}), output: GoLivePreviewSchema },
} as const;
