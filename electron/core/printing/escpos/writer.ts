// A ticket laid out in monospaced columns over @point-of-sale/receipt-printer-encoder, which turns it into ESC/POS
// bytes: the code page's ESC t and its characters, the printer's own QR command (GS ( k), raster images (GS v 0),
// the cut (GS V) and the drawer's pulse (ESC p). Lines are wrapped here, at word boundaries, so that an amount
// always ends on the right edge of the paper whatever the printer's driver would have done.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { TICKET_COLUMNS, type CodePage, type TicketWidth } from '../../../../shared/printing/settings';

export interface JobFormat {
  width: TicketWidth;
  codePage: CodePage;
}

/**
 * Characters the chosen code pages lack, replaced by their nearest ASCII: a dash for the dashes, straight quotes,
 * three dots. Anything else outside the page is printed by the encoder as '?', never as a wrong letter.
 */
const PLAIN: Record<string, string> = { '—': '-', '–': '-', '‘': "'", '’': "'", '“': '"', '”': '"', '…': '...', '•': '-', '→': '->', '\u00a0': ' ', '\t': ' ' };
export function printable(text: string, codePage: CodePage): string {
  const plain = text.replace(/[—–‘’“”…•→\u00a0\t]/g, (c) => PLAIN[c] ?? c).replace(/[\r\n]+/g, ' ');
  return codePage === 'cp850' ? plain.replace(/€/g, 'EUR') : plain;
}

/** Words into lines of at most `width` characters; a word longer than a line is cut. A line that fits is kept as is. */
export function wrap(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ').filter((w) => w !== '')) {
    let rest = word;
    while (rest.length > width) {
      if (current) lines.push(current);
      current = '';
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    if (!rest) continue;
    if (!current) current = rest;
    else if (current.length + 1 + rest.length <= width) current = `${current} ${rest}`;
    else {
      lines.push(current);
      current = rest;
    }
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [''];
}

export class TicketWriter {
  readonly columns: number;
  private readonly encoder: ReceiptPrinterEncoder;

  constructor(private readonly format: JobFormat) {
    this.columns = TICKET_COLUMNS[format.width];
    this.encoder = new ReceiptPrinterEncoder({
      language: 'esc-pos',
      columns: this.columns,
      // Epson's numbering of the code page tables (ESC t n), which ESC/POS clones follow.
      codepageMapping: 'epson',
      imageMode: 'raster',
      newline: '\n',
      feedBeforeCut: 4,
    });
    this.encoder.initialize().codepage(format.codePage);
  }

  private out(line: string): void {
    this.encoder.line(line);
  }

  /** Text wrapped to the paper, left, centred or right. */
  text(text: string, options: { align?: 'left' | 'center' | 'right'; bold?: boolean; tall?: boolean } = {}): this {
    const lines = wrap(printable(text, this.format.codePage), this.columns);
    if (options.bold) this.encoder.bold(true);
    if (options.tall) this.encoder.height(2);
    for (const l of lines) {
      const pad = this.columns - l.length;
      this.out(options.align === 'center' ? `${' '.repeat(Math.floor(pad / 2))}${l}` : options.align === 'right' ? `${' '.repeat(pad)}${l}` : l);
    }
    if (options.tall) this.encoder.height(1);
    if (options.bold) this.encoder.bold(false);
    return this;
  }

  center(text: string, options: { bold?: boolean; tall?: boolean } = {}): this {
    return this.text(text, { ...options, align: 'center' });
  }

  /** A label on the left and a value on the right edge; a long label wraps above the value's line. */
  pair(label: string, value: string, options: { bold?: boolean } = {}): this {
    const v = printable(value, this.format.codePage);
    const room = Math.max(8, this.columns - v.length - 1);
    const lines = wrap(printable(label, this.format.codePage), room);
    if (options.bold) this.encoder.bold(true);
    lines.slice(0, -1).forEach((l) => this.out(l));
    const last = lines[lines.length - 1] ?? '';
    this.out(`${last}${' '.repeat(Math.max(1, this.columns - last.length - v.length))}${v}`);
    if (options.bold) this.encoder.bold(false);
    return this;
  }

  rule(): this {
    this.out('-'.repeat(this.columns));
    return this;
  }

  blank(): this {
    this.out('');
    return this;
  }

  /**
   * The printer draws the QR itself (model 2, error correction Q like the HTML ticket's): sharp at any printer's
   * resolution, and a few dozen bytes instead of an image. Module size 6 dots on 80 mm, 5 on 58 mm (about 30 mm).
   */
  qr(text: string): this {
    this.encoder.align('center').qrcode(text, { model: 2, size: this.format.width === '58mm' ? 5 : 6, errorlevel: 'q' }).align('left');
    return this;
  }

  /** Bytes the encoder cannot know (a cached logo's raster command, already encoded). */
  raw(bytes: Uint8Array): this {
    this.encoder.raw(bytes);
    return this;
  }

  /** ESC p on pin 2: 50 ms on, 500 ms off (electron/core/cash/drawer.ts uses the same). */
  pulse(): this {
    this.encoder.pulse(0, 50, 500);
    return this;
  }

  cut(): this {
    this.encoder.cut('partial');
    return this;
  }

  bytes(): Uint8Array {
    return this.encoder.encode();
  }
}
