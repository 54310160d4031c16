// The print route's address: `#/print?job=<JSON of the job, URI-encoded>`. The Electron shell's print window (and
// the browser tests' printer) load index.html with it; the page reads the job, loads the data and renders it.
import { z } from 'zod';
import { PaperSchema, PrintSourceSchema } from '../../shared/bridge';

export const PRINT_ROUTE = '#/print';

export const PrintViewSchema = z.object({
  source: PrintSourceSchema,
  paper: PaperSchema,
  copy: z.boolean().default(false),
  /** Cash handed over by the customer, when known (prints the change). */
  cashReceived: z.string().max(20).optional(),
});
export type PrintView = z.infer<typeof PrintViewSchema>;

/** True when the page was opened to print (its hash is the print route). */
export function isPrintRoute(hash: string): boolean {
  return hash === PRINT_ROUTE || hash.startsWith(`${PRINT_ROUTE}?`);
}

/** The hash for a job (extra fields of the job, such as the action or the device, are carried and ignored). */
export function printRouteHash(job: { source: unknown; paper: string; copy: boolean; cashReceived?: string }): string {
  return `${PRINT_ROUTE}?job=${encodeURIComponent(JSON.stringify(job))}`;
}

/** The job in a print-route hash, or an error text in Spanish. */
export function parsePrintRoute(hash: string): { ok: true; view: PrintView } | { ok: false; error: string } {
  if (!isPrintRoute(hash)) return { ok: false, error: 'Esta dirección no es la de impresión.' };
  const query = new URLSearchParams(hash.slice(PRINT_ROUTE.length + 1));
  const raw = query.get('job');
  if (!raw) return { ok: false, error: 'Falta el trabajo de impresión.' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'El trabajo de impresión no se puede leer.' };
  }
  const parsed = PrintViewSchema.safeParse(json);
  return parsed.success ? { ok: true, view: parsed.data } : { ok: false, error: 'El trabajo de impresión no es válido.' };
}
