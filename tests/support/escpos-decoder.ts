// Our own reading of an ESC/POS job, written from the command set (Epson ESC/POS reference), not from the
// encoder the app uses, so the printing tests do not just agree with that library: the job back into lines of text
// (decoded from the code page it selected with ESC t), the QR codes the printer would draw (GS ( k), raster images
// (GS v 0), cuts (GS V) and drawer pulses (ESC p). A command it does not know makes it throw, with the offset.

/** IBM code page 850, bytes 0x80–0xFF (the standard table). */
const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';
/** Code page 858: 850 with the euro sign at 0xD5. */
const CP858_HIGH = `${CP850_HIGH.slice(0, 0x55)}€${CP850_HIGH.slice(0x56)}`;
const WINDOWS_1252 = new TextDecoder('windows-1252');

/** ESC t n (Epson's table numbers) → how to read a byte. */
function charOf(table: number, byte: number): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  if (table === 2) return CP850_HIGH[byte - 0x80]!;
  if (table === 19) return CP858_HIGH[byte - 0x80]!;
  if (table === 16) return WINDOWS_1252.decode(new Uint8Array([byte]));
  return '\ufffd';
}
if (CP850_HIGH.length !== 128) throw new Error(`the cp850 table has ${CP850_HIGH.length} characters`);

export interface DecodedLine {
  text: string;
  bold: boolean;
  /** Double height (GS ! with a height above 1). */
  tall: boolean;
}

export type JobEvent =
  | { kind: 'text'; text: string }
  | { kind: 'qr'; text: string }
  | { kind: 'image'; width: number; height: number }
  | { kind: 'cut'; partial: boolean }
  | { kind: 'pulse'; pin: number; onMs: number; offMs: number };

export interface DecodedJob {
  /** Every printed line, trailing spaces removed. */
  lines: string[];
  styled: DecodedLine[];
  qr: string[];
  images: { width: number; height: number }[];
  cuts: number;
  pulses: { pin: number; onMs: number; offMs: number }[];
  /** The ESC t tables selected, in order. */
  codePages: number[];
  /** Everything in the order the printer meets it. */
  events: JobEvent[];
  initialized: boolean;
}

export function decodeEscPos(input: Uint8Array): DecodedJob {
  const b = input;
  const job: DecodedJob = { lines: [], styled: [], qr: [], images: [], cuts: 0, pulses: [], codePages: [], events: [], initialized: false };
  let table = 0;
  let bold = false;
  let tall = false;
  let lineBold = false;
  let lineTall = false;
  let current = '';
  let storedQr: string | null = null;
  let i = 0;
  const need = (n: number) => {
    if (i + n > b.length) throw new Error(`ESC/POS job ends inside a command at byte ${i}`);
  };
  const endLine = () => {
    const text = current.replace(/\s+$/, '');
    job.lines.push(text);
    job.styled.push({ text, bold: lineBold, tall: lineTall });
    job.events.push({ kind: 'text', text });
    current = '';
    lineBold = false;
    lineTall = false;
  };

  while (i < b.length) {
    const c = b[i]!;
    if (c === 0x0a) {
      endLine();
      i += 1;
    } else if (c === 0x0d) {
      i += 1;
    } else if (c === 0x1b) {
      need(2);
      const cmd = b[i + 1]!;
      if (cmd === 0x40) {
        job.initialized = true;
        table = 0;
        bold = tall = false;
        i += 2;
      } else if (cmd === 0x74) {
        need(3);
        table = b[i + 2]!;
        job.codePages.push(table);
        i += 3;
      } else if (cmd === 0x45 || cmd === 0x47) {
        need(3);
        bold = (b[i + 2]! & 1) === 1;
        i += 3;
      } else if (cmd === 0x21) {
        need(3);
        bold = (b[i + 2]! & 0x08) !== 0;
        tall = (b[i + 2]! & 0x10) !== 0;
        i += 3;
      } else if ([0x4d, 0x61, 0x2d, 0x33, 0x4a, 0x56, 0x7b, 0x52, 0x63].includes(cmd)) {
        // Font, alignment, underline, line spacing, feed by dots, rotation, upside down, character set, paper sensor.
        need(3);
        i += cmd === 0x63 ? 4 : 3;
      } else if (cmd === 0x32) {
        i += 2;
      } else if (cmd === 0x64) {
        need(3);
        for (let n = b[i + 2]!; n > 0; n--) endLine();
        i += 3;
      } else if (cmd === 0x70) {
        need(5);
        const pulse = { pin: b[i + 2]! & 1 ? 5 : 2, onMs: b[i + 3]! * 2, offMs: b[i + 4]! * 2 };
        job.pulses.push(pulse);
        job.events.push({ kind: 'pulse', ...pulse });
        i += 5;
      } else throw new Error(`unknown ESC command 0x${cmd.toString(16)} at byte ${i}`);
    } else if (c === 0x1c) {
      need(2);
      const cmd = b[i + 1]!;
      if (cmd === 0x2e) i += 2; // FS . cancel Kanji mode
      else if (cmd === 0x26) i += 2; // FS & Kanji mode
      else throw new Error(`unknown FS command 0x${cmd.toString(16)} at byte ${i}`);
    } else if (c === 0x1d) {
      need(2);
      const cmd = b[i + 1]!;
      if (cmd === 0x21) {
        need(3);
        tall = (b[i + 2]! & 0x0f) > 0;
        i += 3;
      } else if (cmd === 0x42 || cmd === 0x4c || cmd === 0x57 || cmd === 0x66 || cmd === 0x68 || cmd === 0x77 || cmd === 0x48) {
        // Reverse, margins, print area width, HRI font, barcode height and width, HRI position.
        need(3);
        i += cmd === 0x4c || cmd === 0x57 ? 4 : 3;
      } else if (cmd === 0x56) {
        need(3);
        const m = b[i + 2]!;
        const withFeed = m === 65 || m === 66 || m === 97 || m === 98 || m === 103 || m === 104;
        job.cuts += 1;
        job.events.push({ kind: 'cut', partial: m === 1 || m === 49 || m === 66 });
        i += withFeed ? 4 : 3;
      } else if (cmd === 0x28 && b[i + 2] === 0x6b) {
        // GS ( k pL pH cn fn [parameters]: 2D codes; cn 49 is QR.
        need(7);
        const size = b[i + 3]! + b[i + 4]! * 256;
        const cn = b[i + 5]!;
        const fn = b[i + 6]!;
        need(5 + size);
        if (cn === 49 && fn === 80) storedQr = new TextDecoder('latin1').decode(b.subarray(i + 8, i + 5 + size));
        if (cn === 49 && fn === 81) {
          if (current !== '') endLine();
          if (storedQr === null) throw new Error(`QR printed before anything was stored, at byte ${i}`);
          job.qr.push(storedQr);
          job.events.push({ kind: 'qr', text: storedQr });
        }
        i += 5 + size;
      } else if (cmd === 0x76 && b[i + 2] === 0x30) {
        // GS v 0 m xL xH yL yH d1...dk: a raster image, (xL + xH×256) bytes by (yL + yH×256) rows.
        need(8);
        const widthBytes = b[i + 4]! + b[i + 5]! * 256;
        const height = b[i + 6]! + b[i + 7]! * 256;
        need(8 + widthBytes * height);
        const image = { width: widthBytes * 8, height };
        job.images.push(image);
        job.events.push({ kind: 'image', ...image });
        i += 8 + widthBytes * height;
      } else throw new Error(`unknown GS command 0x${cmd.toString(16)} at byte ${i}`);
    } else if (c < 0x20 && c !== 0x09) {
      throw new Error(`unexpected control byte 0x${c.toString(16)} at byte ${i}`);
    } else {
      lineBold ||= bold;
      lineTall ||= tall;
      current += charOf(table, c);
      i += 1;
    }
  }
  if (current !== '') endLine();
  return job;
}

/** The job's text as one string, lines joined by newlines (for `toContain` on sentences). */
export const textOf = (job: DecodedJob) => job.lines.join('\n');
/** The text with the wrapping undone (lines joined by spaces, runs of spaces collapsed). */
export const flatText = (job: DecodedJob) => job.lines.map((l) => l.trim()).filter(Boolean).join(' ').replace(/\s+/g, ' ');
