// Draws Caja's app icon (a receipt on a teal rounded square) and writes build/icon.png, 512×512 RGBA.
// Run once after changing the drawing: `npx tsx build/make-icon.ts`. electron-builder derives the Windows .ico and
// the Linux sizes from this PNG. No dependencies: the PNG is encoded here (zlib + CRC-32).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const ICON_SIZE = 512;
const SAMPLES = 4; // 4×4 supersampling for smooth edges

type Rgb = readonly [number, number, number];
const TEAL: Rgb = [15, 118, 110];
const PAPER: Rgb = [255, 255, 255];
const INK: Rgb = [148, 163, 184];
const TOTAL: Rgb = [19, 78, 74];

/** Signed distance to a rounded rectangle (negative inside). */
function roundedRect(x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number): number {
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const qx = Math.abs(x - cx) - ((x1 - x0) / 2 - r);
  const qy = Math.abs(y - cy) - ((y1 - y0) / 2 - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/** The receipt: a paper strip whose bottom edge is a zigzag (torn paper). */
function insideReceipt(x: number, y: number): boolean {
  if (x < 150 || x > 362 || y < 96) return false;
  const period = 35.333;
  const phase = ((x - 150) % period) / period;
  const tooth = 18 * (1 - Math.abs(phase * 2 - 1));
  return y <= 396 + tooth;
}

/** The colour at a point, or null where the icon is transparent. */
function colourAt(x: number, y: number): Rgb | null {
  if (roundedRect(x, y, 24, 24, 488, 488, 104) > 0) return null;
  if (!insideReceipt(x, y)) return TEAL;
  const bar = (y0: number, x1: number, h: number) => roundedRect(x, y, 186, y0, x1, y0 + h, h / 2) <= 0;
  if (bar(150, 326, 16) || bar(194, 326, 16) || bar(238, 280, 16)) return INK;
  if (bar(304, 326, 26)) return TOTAL;
  return PAPER;
}

export function renderIconRgba(size = ICON_SIZE): Buffer {
  const scale = ICON_SIZE / size;
  const out = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = colourAt((px + (sx + 0.5) / SAMPLES) * scale, (py + (sy + 0.5) / SAMPLES) * scale);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        out[i] = Math.round(r / a);
        out[i + 1] = Math.round(g / a);
        out[i + 2] = Math.round(b / a);
      }
      out[i + 3] = Math.round((255 * a) / (SAMPLES * SAMPLES));
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function encodePng(rgba: Buffer, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  const target = fileURLToPath(new URL('./icon.png', import.meta.url));
  fs.writeFileSync(target, encodePng(renderIconRgba(), ICON_SIZE, ICON_SIZE));
  console.log(`Ícono escrito en ${target}`);
}
