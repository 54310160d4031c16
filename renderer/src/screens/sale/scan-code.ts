// What a scanned or typed code means before it reaches the catalogue: "3*code" sells three; a scale's label
// (EAN-13 prefix 20–29, read as set in Ajustes) names the item and carries its weight or price.
import Decimal from 'decimal.js';
import { readScaleLabel, type ScaleMode } from '../../../../shared/catalog';
import type { LookupAnswer, ProductLookup } from './product-lookup';

export interface ScanResolution {
  answer: LookupAnswer;
  /** The quantity the code itself carries (multiplier, label weight, label price ÷ unit price). */
  quantity?: string;
}

const MULTIPLIED = /^(\d+(?:[.,]\d+)?)\s*\*\s*(\S+)$/;

export async function resolveScan(text: string, lookup: ProductLookup, scale: { mode: ScaleMode; itemDigits: number }): Promise<ScanResolution> {
  const multiplied = MULTIPLIED.exec(text);
  const code = multiplied ? (multiplied[2] ?? '') : text;
  const times = multiplied ? new Decimal((multiplied[1] ?? '1').replace(',', '.')).toString() : undefined;
  const answer = await lookup(code);
  if (answer.status !== 'unknown') return { answer, ...(times ? { quantity: times } : {}) };
  const label = readScaleLabel(code, scale.mode, scale.itemDigits);
  if (!label) return { answer };
  let item = await lookup(label.item);
  const short = label.item.replace(/^0+/, '');
  if (item.status === 'unknown' && short !== '' && short !== label.item) item = await lookup(short);
  if (item.status !== 'found') return { answer: item };
  if (label.weightKg) return { answer: item, quantity: label.weightKg };
  // A price label: the quantity that makes quantity × unit price the printed price.
  const quantity = new Decimal(label.price ?? '0').div(item.product.price).toDecimalPlaces(10).toString();
  return { answer: item, quantity };
}
