// Bridge schemas of stock: purchases (compras), the stock of each product, its kardex, and physical counts. Quantities,
// costs and values cross as decimal strings (a weighed product sells 0.375 kg). One schema, imported by the renderer,
// the bridge and the core.
import { z } from 'zod';
import { clientKeyField } from './client-key';

/** A positive quantity: up to 9 integer digits and 6 decimals (grams of a kilo, millilitres of a litre). */
const QUANTITY = /^\d{1,9}(\.\d{1,6})?$/;
const COST = /^\d{1,10}(\.\d{1,6})?$/;
const isZero = (s: string) => /^0*(\.0*)?$/.test(s);

const quantity = (what: string) =>
  z
    .string({ error: `Ingrese ${what}` })
    .trim()
    .regex(QUANTITY, { error: `${capital(what)}: un número de hasta 9 enteros y 6 decimales` })
    .refine((s) => !isZero(s), { error: `${capital(what)} debe ser mayor que cero` });

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const ProductCodeSchema = z.string({ error: 'Ingrese el código del producto' }).trim().min(1, { error: 'Ingrese el código del producto' }).max(30);

export const PurchaseLineSchema = z.strictObject({
  code: ProductCodeSchema,
  /** As the supplier's document shows it: packs when `pack` is given. */
  quantity: quantity('la cantidad'),
  /** The cost of one (one pack when `pack` is given), as the supplier's document shows it. */
  unitCost: z.string({ error: 'Ingrese el costo' }).trim().regex(COST, { error: 'Costo no válido: un número de hasta 10 enteros y 6 decimales' }),
  costIncludesIgv: z.boolean({ error: 'Indique si el costo incluye IGV' }),
  /** Units in each pack bought (a box of 24): stock enters in the units the product sells by. */
  pack: quantity('las unidades por paquete').optional(),
});

export const PurchaseInputSchema = z.strictObject({
  ...clientKeyField,
  supplier: z.strictObject({
    /** Catálogo 06: 6 RUC, 1 DNI, ... */
    docType: z.string({ error: 'Elija el tipo de documento del proveedor' }).trim().regex(/^[0-9A-Z]$/, { error: 'Tipo de documento del proveedor no válido' }),
    docNumber: z.string({ error: 'Ingrese el número de documento del proveedor' }).trim().regex(/^[0-9A-Za-z-]{1,15}$/, { error: 'Número de documento del proveedor no válido' }),
    name: z.string({ error: 'Ingrese el nombre del proveedor' }).trim().min(1, { error: 'Ingrese el nombre del proveedor' }).max(500),
  }),
  document: z.strictObject({
    /** The supplier's document type (catálogo 01: 01 factura, 03 boleta, 09 guía...). */
    type: z.string({ error: 'Elija el tipo de comprobante' }).trim().regex(/^\d{2}$/, { error: 'Tipo de comprobante no válido' }),
    series: z.string({ error: 'Ingrese la serie' }).trim().toUpperCase().regex(/^[0-9A-Z]{1,4}$/, { error: 'Serie no válida (hasta 4 letras o números)' }),
    number: z.string({ error: 'Ingrese el número' }).trim().regex(/^\d{1,8}$/, { error: 'Número no válido (hasta 8 dígitos)' }).refine((s) => !/^0+$/.test(s), { error: 'El número debe ser mayor que cero' }),
    date: z.string({ error: 'Ingrese la fecha' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Fecha no válida (aaaa-mm-dd)' }),
  }),
  lines: z.array(PurchaseLineSchema, { error: 'Agregue al menos un producto' }).min(1, { error: 'Agregue al menos un producto' }).max(1000),
});
export type PurchaseInput = z.input<typeof PurchaseInputSchema>;
export type PurchaseInputParsed = z.output<typeof PurchaseInputSchema>;

export const PurchaseResultSchema = z.object({ id: z.number().int() });

export const StockQuerySchema = z.strictObject({
  codes: z.array(ProductCodeSchema).max(1000).optional(),
  /** Only the products under their minimum ("stock bajo"). */
  low: z.boolean().optional(),
});

export const StockRowSchema = z.object({
  code: z.string(),
  description: z.string(),
  quantity: z.string(),
  /** Null: no minimum set. */
  minimum: z.string().nullable(),
  averageCost: z.string(),
  value: z.string(),
  /** The product's category (categoría); '' when none. */
  category: z.string(),
});
export type StockRow = z.infer<typeof StockRowSchema>;

export const KardexQuerySchema = z.strictObject({
  code: ProductCodeSchema,
  /** Inclusive, ISO dates or date-times (UTC). */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}/, { error: 'Fecha no válida' }).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}/, { error: 'Fecha no válida' }).optional(),
  /** At most this many rows: from the start of the period, or the latest ones when no period is given. */
  limit: z.number().int().positive().max(100_000).optional(),
});

/** Sales that left a product below zero, newest first: selling never stops, and these are reviewed. */
export const BelowZeroQuerySchema = z.strictObject({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}/, { error: 'Fecha no válida' }).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}/, { error: 'Fecha no válida' }).optional(),
  limit: z.number().int().positive().max(10_000).optional(),
});

export const BelowZeroRowSchema = z.object({
  at: z.string(),
  code: z.string(),
  /** The sale, as printed. */
  document: z.string().nullable(),
  /** What the sale took (positive). */
  quantity: z.string(),
  /** The balance it left (negative). */
  balance: z.string(),
});
export type BelowZeroRow = z.infer<typeof BelowZeroRowSchema>;

export const STOCK_MOVEMENT_KINDS = ['sale', 'return', 'void', 'purchase', 'count', 'transfer', 'waste'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export const KardexRowSchema = z.object({
  at: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** What is behind it, as printed: 'B001-00000007', 'Compra F001-00000123', 'Inventario 3'. */
  document: z.string().nullable(),
  quantityIn: z.string(),
  quantityOut: z.string(),
  balance: z.string(),
  unitCost: z.string(),
  balanceValue: z.string(),
});
export type KardexRow = z.infer<typeof KardexRowSchema>;

export const StockCountInputSchema = z.strictObject({
  ...clientKeyField,
  lines: z
    .array(
      z.strictObject({
        code: ProductCodeSchema,
        counted: z.string({ error: 'Ingrese lo contado' }).trim().regex(QUANTITY, { error: 'Cantidad contada no válida' }),
        /** When it was counted (its last scan): sales after it still count. Absent: when the count is recorded. */
        at: z.iso.datetime({ offset: true, error: 'Fecha y hora del conteo no válida' }).optional(),
      }),
      { error: 'Agregue al menos un producto contado' },
    )
    .min(1, { error: 'Agregue al menos un producto contado' })
    .max(20_000),
});

export const ApproveStockCountInputSchema = z.strictObject({
  id: z.number().int().positive(),
  /** Why the differences are adjusted (merma, robo, error de conteo...). */
  reason: z.string().trim().min(3, { error: 'Indique el motivo (al menos 3 caracteres)' }).max(200).optional(),
});

/** What stock needs of a product: whether it is kept at all (a service is not), its minimum, its pack. */
export const StockSettingsInputSchema = z.strictObject({
  code: ProductCodeSchema,
  tracked: z.boolean({ error: 'Indique si el producto lleva stock' }),
  minimum: z.string().trim().regex(QUANTITY, { error: 'Mínimo no válido' }).nullable(),
  packSize: quantity('las unidades por paquete').nullable(),
});
export type StockSettingsInput = z.input<typeof StockSettingsInputSchema>;

export const StockCountSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'approved']),
  lines: z.array(z.object({ code: z.string(), counted: z.string(), expected: z.string(), difference: z.string() })),
});
export type StockCount = z.infer<typeof StockCountSchema>;

export const stockContract = {
  /** A supplier's document entered: stock rises, the average cost moves. */
  recordPurchase: { input: PurchaseInputSchema, output: PurchaseResultSchema },
  getStock: { input: StockQuerySchema, output: z.array(StockRowSchema) },
  /** A product's stock settings (tracked, minimum, pack): this till's, never queued for the shop server. */
  setStockSettings: { input: StockSettingsInputSchema, output: StockRowSchema },
  getKardex: { input: KardexQuerySchema, output: z.array(KardexRowSchema) },
  /** What sold below zero, for review. */
  getBelowZero: { input: BelowZeroQuerySchema, output: z.array(BelowZeroRowSchema) },
  /** A physical count, compared with the stock of the moment each product was counted. */
  recordStockCount: { input: StockCountInputSchema, output: StockCountSchema },
  /** A supervisor turns a count's differences into adjustments. */
  approveStockCount: { input: ApproveStockCountInputSchema, output: StockCountSchema },
} as const;
