// The ticket printer spoken to in raw ESC/POS, in Ajustes → Impresora de tickets. With a transport other
// than 'driver', tickets (80 / 58 mm), reprints and the X and Z go as ESC/POS bytes straight to the printer; A4 and
// PDFs keep the system's driver (the "printer" block of the settings), which is also the fallback.
import { z } from 'zod';

export const TICKET_TRANSPORTS = ['driver', 'tcp', 'cups', 'device', 'windows'] as const;
export type TicketTransport = (typeof TICKET_TRANSPORTS)[number];
export const TICKET_TRANSPORT_LABELS: Record<TicketTransport, string> = {
  driver: 'Controlador del sistema (como un documento)',
  tcp: 'Impresora de red (TCP, puerto 9100)',
  cups: 'Linux: cola CUPS en modo raw',
  device: 'Linux: dispositivo USB (/dev/usb/lp0)',
  windows: 'Windows: cola de impresión en modo RAW',
};

/**
 * Code pages the job may use (Epson numbering: ESC t 2, 19, 16). cp850 is the default: it is in the original ESC/POS
 * set every clone has, and the only page there with every Spanish letter in both cases (docs/printing/escpos.md § 1).
 */
export const CODE_PAGES = ['cp850', 'cp858', 'windows1252'] as const;
export type CodePage = (typeof CODE_PAGES)[number];
export const CODE_PAGE_LABELS: Record<CodePage, string> = {
  cp850: 'PC850 Multilingüe (recomendada)',
  cp858: 'PC858 (PC850 con €)',
  windows1252: 'Windows-1252',
};

export const TICKET_WIDTHS = ['80mm', '58mm'] as const;
export type TicketWidth = (typeof TICKET_WIDTHS)[number];
/** Characters per line in the printer's font A (12 × 24 dots): 576 dots at 80 mm, 384 at 58 mm. */
export const TICKET_COLUMNS: Record<TicketWidth, number> = { '80mm': 48, '58mm': 32 };
/** Printable dots per line at 203 dpi. */
export const TICKET_DOTS: Record<TicketWidth, number> = { '80mm': 576, '58mm': 384 };

const HOST = /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** A CUPS queue or a Windows printer name: no control characters, no quotes (they reach a command line). */
const queueName = (s: string) => s.length > 0 && s.length <= 200 && ![...s].some((c) => c.charCodeAt(0) < 32 || '"\'`$\\'.includes(c));

/** A logo as the printer draws it: 1 bit per dot, rows of ceil(width / 8) bytes, 1 = black; base64. */
export const TicketLogoSchema = z.strictObject({
  width: z.number().int().min(8).max(576),
  height: z.number().int().min(1).max(400),
  bits: z.string().max(40_000),
});
export type TicketLogo = z.infer<typeof TicketLogoSchema>;

export const TicketPrinterSchema = z
  .strictObject({
    transport: z.enum(TICKET_TRANSPORTS, { error: 'Elija cómo se conecta la impresora' }),
    host: z.string().trim().max(200, { error: 'Dirección demasiado larga' }).default(''),
    port: z.number({ error: 'Ingrese el puerto' }).int({ error: 'El puerto es un número entero' }).min(1, { error: 'Puerto entre 1 y 65535' }).max(65535, { error: 'Puerto entre 1 y 65535' }).default(9100),
    /** The CUPS queue (Linux) or the printer's name in Windows. */
    queue: z.string().trim().max(200).default(''),
    /** A Linux device file, /dev/usb/lp0. */
    device: z.string().trim().max(200).default(''),
    width: z.enum(TICKET_WIDTHS, { error: 'Elija el ancho del papel' }).default('80mm'),
    codePage: z.enum(CODE_PAGES, { error: 'Elija la página de códigos' }).default('cp850'),
    /** The drawer's pulse goes in the ticket's own job for cash sales (one job: no second connection). */
    drawerPulse: z.boolean().default(false),
    logo: TicketLogoSchema.nullable().default(null),
  })
  .superRefine((p, ctx) => {
    if (p.transport === 'tcp' && !HOST.test(p.host)) ctx.addIssue({ code: 'custom', path: ['host'], message: 'Ingrese la IP o el nombre de la impresora (ej. 192.168.1.50)' });
    if ((p.transport === 'cups' || p.transport === 'windows') && !queueName(p.queue)) ctx.addIssue({ code: 'custom', path: ['queue'], message: 'Ingrese el nombre de la impresora (sin comillas)' });
    if (p.transport === 'device' && !/^\/dev\/(usb\/lp\d{1,2}|lp\d{1,2}|ttyUSB\d{1,2}|ttyACM\d{1,2})$/.test(p.device)) {
      ctx.addIssue({ code: 'custom', path: ['device'], message: 'Ingrese el dispositivo, ej. /dev/usb/lp0' });
    }
  });
export type TicketPrinter = z.output<typeof TicketPrinterSchema>;

export const DEFAULT_TICKET_PRINTER: TicketPrinter = {
  transport: 'driver',
  host: '',
  port: 9100,
  queue: '',
  device: '',
  width: '80mm',
  codePage: 'cp850',
  drawerPulse: false,
  logo: null,
};

/** "Imprimir prueba": a page with accents, the code page, a QR, the logo, a cut (and the pulse when asked). */
export const TicketPrinterTestInputSchema = z.strictObject({ printer: TicketPrinterSchema.optional() });
export const TicketPrinterTestResultSchema = z.object({ ok: z.boolean(), message: z.string(), bytes: z.number().int() });

export const ticketPrinterContract = {
  getTicketPrinter: { input: z.strictObject({}), output: TicketPrinterSchema },
  saveTicketPrinter: { input: TicketPrinterSchema, output: TicketPrinterSchema },
  /** Prints the test page with the settings given (not yet saved) or the saved ones. */
  testTicketPrinter: { input: TicketPrinterTestInputSchema, output: TicketPrinterTestResultSchema },
  /** The printers this machine knows: CUPS queues or Windows printers, and USB printer devices. */
  listTicketPrinterTargets: { input: z.strictObject({}), output: z.object({ queues: z.array(z.string()), devices: z.array(z.string()) }) },
} as const;
