// A till introduces itself to the shop server and claims its series (issue 15). The one check that needs the server:
// a series another till owns is refused, with that till's name.
import type pg from 'pg';
import { clip, SHOP_BOUNDS } from './bounds';

export interface TerminalIdentity {
  id: string;
  name: string;
  series: { boleta: string; factura: string };
}

export type SeriesClaim = { ok: true } | { ok: false; message: string };

/** The till that owns `series` on the server, when it is another one (before this till claims it). */
export async function otherOwner(pool: pg.Pool, terminalId: string, docType: '01' | '03', series: string): Promise<string | null> {
  const owner = await pool.query<{ terminal_id: string; name: string }>({
    name: 'caja_series_owner',
    // Another till's name is cut in the query (issue 28, bounds.ts).
    text: `SELECT ${clip('s.terminal_id', SHOP_BOUNDS.code, 'terminal_id')}, ${clip('t.name', SHOP_BOUNDS.name, 'name')}
      FROM series_owners s JOIN terminals t USING (terminal_id) WHERE s.doc_type = $1 AND s.series = $2`,
    values: [docType, series],
  });
  const row = owner.rows[0];
  return row && row.terminal_id !== terminalId ? row.name : null;
}

export function seriesTakenMessage(series: string, owner: string): string {
  return `La serie ${series} ya la usa «${owner}» en el servidor de la tienda: cada caja necesita su propia serie (Ajustes → Esta caja).`;
}

/** Registers the till and claims each of its series; the first series owned by another till refuses the claim. */
export async function registerTerminal(pool: pg.Pool, terminal: TerminalIdentity): Promise<SeriesClaim> {
  await pool.query({
    name: 'caja_register_terminal',
    text: `INSERT INTO terminals (terminal_id, name) VALUES ($1, $2)
      ON CONFLICT (terminal_id) DO UPDATE SET name = EXCLUDED.name, last_seen_at = now()`,
    values: [terminal.id, terminal.name],
  });
  for (const [docType, series] of [['03', terminal.series.boleta], ['01', terminal.series.factura]] as const) {
    await pool.query({
      name: 'caja_claim_series',
      text: 'INSERT INTO series_owners (doc_type, series, terminal_id) VALUES ($1, $2, $3) ON CONFLICT (doc_type, series) DO NOTHING',
      values: [docType, series, terminal.id],
    });
    const owner = await otherOwner(pool, terminal.id, docType, series);
    if (owner) return { ok: false, message: seriesTakenMessage(series, owner) };
  }
  return { ok: true };
}
