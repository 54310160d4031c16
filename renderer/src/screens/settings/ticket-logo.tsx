// The ticket printer's logo: a picture turned once, here, into what the printer draws (1 bit per dot,
// TicketLogo in shared/printing/settings.ts), and its preview as it will look on paper.
import { useEffect, useRef } from 'react';
import type { TicketLogo } from '../../../../shared/printing/settings';

/** The logo is kept at most this size (dots): a third of an 80 mm ticket's height budget, quick to send. */
const LOGO_MAX = { width: 384, height: 160 };

/** A picture as the printer draws it: scaled to fit, then black where it is dark (1 bit per dot). */
export async function logoFrom(file: File): Promise<TicketLogo> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, LOGO_MAX.width / bitmap.width, LOGO_MAX.height / bitmap.height);
  const width = Math.max(8, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  const { data } = context.getImageData(0, 0, width, height);
  const rowBytes = Math.ceil(width / 8);
  const bits = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const luminance = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      if (luminance < 128) bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  let binary = '';
  bits.forEach((b) => (binary += String.fromCharCode(b)));
  return { width, height, bits: btoa(binary) };
}

/** Draws the stored bits on a canvas: what the paper will show. */
export function LogoPreview({ logo }: { logo: TicketLogo }): React.JSX.Element {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const bits = Uint8Array.from(atob(logo.bits), (c) => c.charCodeAt(0));
    const image = context.createImageData(logo.width, logo.height);
    const rowBytes = Math.ceil(logo.width / 8);
    for (let y = 0; y < logo.height; y++) {
      for (let x = 0; x < logo.width; x++) {
        const black = (bits[y * rowBytes + (x >> 3)]! & (0x80 >> (x & 7))) !== 0;
        const i = (y * logo.width + x) * 4;
        image.data[i] = image.data[i + 1] = image.data[i + 2] = black ? 0 : 255;
        image.data[i + 3] = 255;
      }
    }
    context.putImageData(image, 0, 0);
  }, [logo]);
  return <canvas ref={ref} width={logo.width} height={logo.height} className="printer-settings__logo" role="img" aria-label="Vista previa del logo en el ticket" />;
}
