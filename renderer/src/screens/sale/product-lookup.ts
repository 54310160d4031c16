// Where a product catalogue will plug in: given a scanned or typed code, the line's other fields. There is no
// catalogue yet, so nothing is found and the cashier types the description and the price.
import type { LineValues } from './form-values';

export type ProductLookup = (code: string) => Promise<Partial<Omit<LineValues, 'code'>> | null>;

export const noProductLookup: ProductLookup = async () => null;
