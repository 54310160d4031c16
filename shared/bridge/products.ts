// The product catalogue across the bridge: one product, its form input, and the Productos/till methods.
// Prices are decimal strings with IGV (never binary floats); units come from catalogue 03 (shared/catalog UNITS).
import { z } from 'zod';
import { AFFECTATIONS, UNITS, findEntry, isCodeOf, type AffectationCode, type UnitCode } from '../catalog';
import { readDecimal } from '../billing/decimal';
import { decimalField, missingOr, whenClean } from '../billing/schema-fields';
import { CSV_ENCODINGS } from './csv-encoding';

export const PRODUCT_CODE_MAX = 30;
export const PRODUCT_DESCRIPTION_MAX = 500;
export const PRODUCT_CATEGORY_MAX = 60;
/** How a product without a category is named where categories are listed (stock, the owner's summary). */
export const NO_CATEGORY_LABEL = 'Sin categoría';
export const PRODUCT_LIST_DEFAULT_LIMIT = 50;
export const PRODUCT_LIST_MAX_LIMIT = 500;
/** A CSV of 50,000 products is about 4 MB; this leaves room without letting a wrong file hang the app. */
export const PRODUCT_CSV_MAX_CHARS = 20_000_000;
/** The file chooser refuses a larger file before reading it (UTF-8: never fewer bytes than characters). */
export const PRODUCT_CSV_MAX_BYTES = 20_000_000;
export const PRODUCT_CSV_TOO_BIG = 'El archivo es demasiado grande (máximo 20 MB)';

const UNIT_LIST = UNITS.map((unit) => unit.code).join(', ');
const AFFECTATION_CODES = AFFECTATIONS.map((entry) => entry.code) as [AffectationCode, ...AffectationCode[]];

/** Barcode or internal code: trimmed, 1..30 characters, no spaces or control characters, case kept (A1 ≠ a1). */
export const ProductCodeSchema = z
  .string(missingOr('Ingrese el código del producto', 'El código del producto debe ser texto'))
  .trim()
  .transform((code) => code.normalize('NFC'))
  .refine((code) => code.length > 0, { error: 'Ingrese el código del producto' })
  .refine((code) => code.length <= PRODUCT_CODE_MAX, { error: `El código admite como máximo ${PRODUCT_CODE_MAX} caracteres` })
  .refine((code) => !/[\s\p{Cc}]/u.test(code), { error: 'El código no puede tener espacios ni caracteres de control' });

export const ProductDescriptionSchema = z
  .string(missingOr('Ingrese la descripción', 'La descripción debe ser texto'))
  .trim()
  .transform((text) => text.normalize('NFC'))
  .refine((text) => text.length > 0, { error: 'Ingrese la descripción' })
  .refine((text) => text.length <= PRODUCT_DESCRIPTION_MAX, {
    error: `La descripción admite como máximo ${PRODUCT_DESCRIPTION_MAX} caracteres`,
  })
  .refine((text) => !/\p{Cc}/u.test(text), { error: 'La descripción no puede tener saltos de línea ni tabulaciones' });

/** Categoría ("Abarrotes", "Bebidas"): free text, trimmed, at most 60 characters; '' (or absent) when none. */
export const ProductCategorySchema = z
  .string({ error: 'La categoría debe ser texto' })
  .trim()
  .transform((text) => text.normalize('NFC').replace(/\s+/g, ' '))
  .refine((text) => text.length <= PRODUCT_CATEGORY_MAX, { error: `La categoría admite como máximo ${PRODUCT_CATEGORY_MAX} caracteres` })
  .refine((text) => !/\p{Cc}/u.test(text), { error: 'La categoría no puede tener saltos de línea ni tabulaciones' });

/** Catalogue 03 code; lower case is accepted ('kgm' → 'KGM'). */
export const ProductUnitSchema = z
  .string(missingOr('Elija la unidad de medida', 'Unidad de medida no válida'))
  .trim()
  .toUpperCase()
  .refine((code) => code.length > 0, { error: 'Elija la unidad de medida' })
  .refine((code) => code === '' || isCodeOf(UNITS, code), {
    error: (issue) => `Unidad de medida desconocida: "${String(issue.input)}" (use una de: ${UNIT_LIST})`,
  })
  .transform((code) => code as UnitCode);

/** Sale price per unit, IGV included: > 0, at most 10 decimals, kept as its canonical decimal string ('3.50' → '3.5'). */
export const ProductPriceSchema = decimalField({
  required: 'Ingrese el precio',
  invalid: 'El precio debe ser un número con punto decimal (por ejemplo 3.50)',
  min: 'positive',
  zero: 'El precio debe ser mayor que cero',
  negative: 'El precio no puede ser negativo',
  maxDecimals: 10,
  decimals: 'El precio admite como máximo 10 decimales',
  maxDigits: 15,
  digits: 'El precio tiene demasiados dígitos (máximo 15)',
});

export const ProductAffectationSchema = z.enum(
  AFFECTATION_CODES,
  missingOr('Elija la afectación del IGV', 'Afectación no válida: use 10 (gravado) o 20 (exonerado)'),
);

const bagFlag = z.boolean({ error: 'El indicador de bolsa plástica debe ser sí o no' });
const activeFlag = z.boolean({ error: 'El indicador de activo debe ser sí o no' });
/** "Se vende por unidades enteras": null (or absent) follows the unit (a unit, a box: whole; kg, litres: decimals). */
const wholeUnitsFlag = z.boolean({ error: 'El indicador de unidades enteras debe ser sí o no' }).nullable();
/** "Precio libre": a lower price at the till is not a discount for this product. */
const freePriceFlag = z.boolean({ error: 'El indicador de precio libre debe ser sí o no' });

/** The fields every product has, as the form and the CSV import type them. */
export const productFieldsShape = {
  code: ProductCodeSchema,
  description: ProductDescriptionSchema,
  unit: ProductUnitSchema,
  price: ProductPriceSchema,
  affectation: ProductAffectationSchema,
};

/** A plastic bag (ICBPER) is counted in whole bags, so neither its unit nor its own flag may allow decimals. */
export function checkBagUnit(
  product: { unit: string; bag?: boolean | undefined; wholeUnits?: boolean | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (product.bag !== true) return;
  const unit = findEntry(UNITS, product.unit);
  if (unit?.allowsDecimals) {
    ctx.addIssue({
      code: 'custom',
      path: ['unit'],
      message: `Una bolsa plástica se vende por unidades: la unidad "${unit.label}" admite decimales`,
    });
  } else if (product.wholeUnits === false) {
    ctx.addIssue({ code: 'custom', path: ['wholeUnits'], message: 'Una bolsa plástica se vende por unidades enteras' });
  }
}

/** What the product form sends (and the core stores). Bag defaults to no, active to yes. */
export const ProductInputSchema = z
  .object(
    { ...productFieldsShape, bag: bagFlag.default(false), active: activeFlag.default(true), wholeUnits: wholeUnitsFlag.default(null), freePrice: freePriceFlag.default(false), category: ProductCategorySchema.default('') },
    { error: 'Datos del producto no válidos' },
  )
  .superRefine(checkBagUnit, { when: whenClean('unit', 'bag', 'wholeUnits') });
export type ProductInput = z.input<typeof ProductInputSchema>;
export type ProductInputParsed = z.output<typeof ProductInputSchema>;

/** One product as the core returns it. */
export const ProductSchema = z.object({
  code: z.string(),
  description: z.string(),
  unit: z.string(),
  /** Canonical decimal string with IGV, e.g. '3.5' (show it with 2 decimals). */
  price: z.string(),
  affectation: z.enum(AFFECTATION_CODES),
  bag: z.boolean(),
  /** Resolved "se vende por unidades enteras": the till refuses a decimal quantity of this product when true. */
  wholeUnits: z.boolean(),
  /** "Precio libre": typing a lower price at the till is not a discount. */
  freePrice: z.boolean(),
  /** Categoría; '' when none. */
  category: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** What decides whole units: the unit, the bag flag, and the product's own flag (null or absent: by the unit). */
export interface QuantityRule {
  unit: string;
  bag?: boolean;
  wholeUnits?: boolean | null;
}

/**
 * Whether the till takes only whole quantities of this product ("se vende por unidades enteras"). Bags
 * always (ICBPER is charged per bag); else the product's own flag; else its unit (NIU whole, KGM decimals).
 * Billing itself accepts any quantity SUNAT accepts: this is the till's guard, not a tax rule.
 */
export function sellsWholeUnits(product: QuantityRule): boolean {
  if (product.bag === true) return true;
  if (typeof product.wholeUnits === 'boolean') return product.wholeUnits;
  return !(findEntry(UNITS, product.unit)?.allowsDecimals ?? false);
}

/** Whether a quantity of this product may have decimals (weighed goods: kg, litres...). Bags never do. */
export function allowsDecimalQuantity(product: QuantityRule): boolean {
  return !sellsWholeUnits(product);
}

/** The Spanish reason a quantity is wrong for this product, or null when it is acceptable. */
export function productQuantityProblem(product: QuantityRule, quantity: unknown): string | null {
  const read = readDecimal(quantity);
  if (!read.ok) return read.reason === 'missing' ? 'Ingrese la cantidad' : 'La cantidad debe ser un número (use punto decimal)';
  if (read.sign <= 0) return 'La cantidad debe ser mayor que cero';
  if (read.decimals > 10) return 'La cantidad admite como máximo 10 decimales';
  if (read.decimals > 0 && sellsWholeUnits(product)) {
    if (product.bag === true) return 'La cantidad de bolsas plásticas debe ser un número entero';
    const unit = findEntry(UNITS, product.unit);
    if (unit?.allowsDecimals) return 'Este producto se vende por unidades enteras: la cantidad no admite decimales';
    return `La unidad "${unit?.label ?? product.unit}" no admite decimales`;
  }
  return null;
}

// ---- Bridge methods ------------------------------------------------------------------------------------------

export const ProductListInputSchema = z.strictObject({
  /** Words of the description (prefixes, accents ignored) or the start of a code. */
  text: z.string({ error: 'Búsqueda no válida' }).trim().max(100, { error: 'La búsqueda admite como máximo 100 caracteres' }).optional(),
  includeInactive: z.boolean({ error: 'Indique si se incluyen los productos inactivos' }).optional(),
  limit: z.number({ error: 'Límite no válido' }).int().min(1).max(PRODUCT_LIST_MAX_LIMIT).optional(),
  offset: z.number({ error: 'Desplazamiento no válido' }).int().min(0).optional(),
});
export type ProductListInput = z.infer<typeof ProductListInputSchema>;

export const ProductListSchema = z.object({
  rows: z.array(ProductSchema),
  /** Every product matching the filter (rows holds at most `limit` of them). */
  total: z.number().int(),
});
export type ProductList = z.infer<typeof ProductListSchema>;

/** The scan path: what the reader typed. Any text is accepted; an unknown code answers null. */
export const ProductCodeInputSchema = z.strictObject({
  code: z
    .string(missingOr('Ingrese o escanee un código', 'Código no válido'))
    .trim()
    .min(1, { error: 'Ingrese o escanee un código' })
    .max(100, { error: 'Código no válido (demasiado largo)' }),
});

/** Create (no originalCode) or update the product whose code is originalCode (the code itself may change). */
export const SaveProductInputSchema = z
  .strictObject(
    {
      ...productFieldsShape,
      bag: bagFlag.default(false),
      active: activeFlag.default(true),
      wholeUnits: wholeUnitsFlag.default(null),
      freePrice: freePriceFlag.default(false),
      category: ProductCategorySchema.default(''),
      originalCode: ProductCodeSchema.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Campos no reconocidos: ${issue.keys.join(', ')}`
          : 'Datos del producto no válidos',
    },
  )
  .superRefine(checkBagUnit, { when: whenClean('unit', 'bag', 'wholeUnits') });
export type SaveProductInput = z.input<typeof SaveProductInputSchema>;
export type SaveProductInputParsed = z.output<typeof SaveProductInputSchema>;

export const ProductActiveInputSchema = z.strictObject({
  code: ProductCodeSchema,
  active: activeFlag,
});

export const IMPORT_MODES = ['all_or_nothing', 'good_rows'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const ImportProductsInputSchema = z.strictObject({
  csv: z
    .string(missingOr('Elija el archivo CSV', 'El archivo CSV debe ser texto'))
    .max(PRODUCT_CSV_MAX_CHARS, { error: PRODUCT_CSV_TOO_BIG }),
  /** The encoding the screen read the file's bytes in (csv-encoding.ts); absent when the text did not come from a file. */
  encoding: z.enum(CSV_ENCODINGS, { error: 'Codificación del archivo no válida' }).optional(),
  mode: z
    .enum(IMPORT_MODES, { error: 'Modo de importación no válido: todo o nada, o solo las filas correctas' })
    .default('all_or_nothing'),
});
export type ImportProductsInput = z.input<typeof ImportProductsInputSchema>;

export const ImportRowErrorSchema = z.object({
  /** 1-based line of the file where the row starts; the header is line 1. */
  line: z.number().int(),
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ImportProductsResultSchema = z.object({
  /** Data rows read from the file (blank lines are not counted). */
  rows: z.number().int(),
  /** New products stored. */
  imported: z.number().int(),
  /** Existing products whose data changed. */
  updated: z.number().int(),
  /** Rows equal to what was already stored (nothing written). */
  unchanged: z.number().int(),
  /** Every bad row. In 'all_or_nothing' mode any error means nothing was stored (the three counts are 0). */
  errors: z.array(ImportRowErrorSchema),
  /** The encoding the file was read in, as the input gave it: the screen says it, so a wrong guess is seen. */
  encoding: z.enum(CSV_ENCODINGS).optional(),
});
export type ImportProductsResult = z.infer<typeof ImportProductsResultSchema>;

/** How far a long import is, pushed as the 'import_progress' event: rows checked, then rows saved. */
export const ImportProgressSchema = z.object({ phase: z.enum(['reading', 'saving']), done: z.number().int(), total: z.number().int() });
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

export const ProductsFileSchema = z.object({ fileName: z.string(), csv: z.string() });
export type ProductsFile = z.infer<typeof ProductsFileSchema>;

/** The product methods of the bridge, same shape as the entries of bridgeContract. */
export const productsContract = {
  listProducts: { input: ProductListInputSchema, output: ProductListSchema },
  getProductByCode: { input: ProductCodeInputSchema, output: ProductSchema.nullable() },
  saveProduct: { input: SaveProductInputSchema, output: ProductSchema },
  setProductActive: { input: ProductActiveInputSchema, output: ProductSchema },
  importProducts: { input: ImportProductsInputSchema, output: ImportProductsResultSchema },
  exportProducts: { input: z.strictObject({}), output: ProductsFileSchema },
  listProductCategories: { input: z.strictObject({}), output: z.array(z.string()) },
} as const;
