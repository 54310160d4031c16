// The shop's logo on the ticket. Ajustes keeps it already as the printer draws it: 1 bit per dot, made
// once from the chosen picture (TicketLogo in shared/printing/settings.ts). Its ESC/POS raster command is encoded
// once per logo and paper and kept in memory, so a ticket only copies bytes: no image work while the cashier waits.
import { createHash } from 'node:crypto';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { TICKET_COLUMNS, TICKET_DOTS, type TicketLogo, type TicketWidth } from '../../../../shared/printing/settings';

/** Black and white pixels as RGBA (what the encoder's image() reads). */
export interface MonoBitmap {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

/** The stored bits (rows of ceil(width / 8) bytes, most significant bit first, 1 = black) as RGBA. */
export function bitmapOf(logo: TicketLogo): MonoBitmap {
  const bits = Buffer.from(logo.bits, 'base64');
  const rowBytes = Math.ceil(logo.width / 8);
  const rgba = new Uint8ClampedArray(logo.width * logo.height * 4).fill(255);
  for (let y = 0; y < logo.height; y++) {
    for (let x = 0; x < logo.width; x++) {
      const byte = bits[y * rowBytes + (x >> 3)] ?? 0;
      if (byte & (0x80 >> (x & 7))) {
        const i = (y * logo.width + x) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
      }
    }
  }
  return { width: logo.width, height: logo.height, rgba };
}

const cache = new Map<string, Uint8Array>();
const CACHE_LIMIT = 8;

/** The logo's centred raster command for this paper (scaled down when wider than the paper), from the cache. */
export function logoCommand(logo: TicketLogo, width: TicketWidth): Uint8Array {
  const key = `${width}:${createHash('sha256').update(`${logo.width}x${logo.height}:${logo.bits}`).digest('hex')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const dots = TICKET_DOTS[width];
  const scale = logo.width > dots ? dots / logo.width : 1;
  const w = Math.max(8, Math.floor(logo.width * scale));
  const h = Math.max(1, Math.round(logo.height * scale));
  const bitmap = bitmapOf(logo);
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: TICKET_COLUMNS[width], imageMode: 'raster', newline: '\n' });
  const bytes = encoder
    .align('center')
    .image({ width: bitmap.width, height: bitmap.height, data: bitmap.rgba }, { width: w, height: h, algorithm: 'threshold' })
    .align('left')
    .encode();
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, bytes);
  return bytes;
}
