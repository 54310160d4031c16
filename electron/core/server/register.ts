// A till introduces itself to the shop server and claims its series. The one check that needs the server:
// a series another till owns is refused, with that till's name.
import type pg from 'pg';
import { clip, SHOP_BOUNDS } from './bounds';

export interface TerminalIdentity {
  id: string;
  name: string;
  series: { boleta: string; factura: string };
  /** This till's note series, claimed like its invoice series. */
  notes?: { creditBoleta: string; creditFactura: string; debitBoleta: string; debitFactura: string };
  /**
   * Every series this till has numbered a document in: their claims stay while the till's documents may
   * still be on their way. A claim of a series neither in use nor numbered here is released.
   */
  numbered?: [string, string][];
}

type ClaimedDocType = '01' | '03' | '07' | '08';

/** Every series a till numbers, with its document type. */
export function claimedSeries(terminal: Pick<TerminalIdentity, 'series' | 'notes'>): [ClaimedDocType, string][] {
  const n = terminal.notes;
  const notes: [ClaimedDocType, string][] = n ? [['07', n.creditBoleta], ['07', n.creditFactura], ['08', n.debitBoleta], ['08', n.debitFactura]] : [];
  return [['03', terminal.series.boleta], ['01', terminal.series.factura], ...notes];
}

export type SeriesClaim = { ok: true } | { ok: false; message: string };

/** The till that owns `series` on the server, when it is another one (before this till claims it). */
export async function otherOwner(pool: pg.Pool, terminalId: string, docType: ClaimedDocType, series: string): Promise<string | null> {
  const owner = await pool.query<{ terminal_id: string; name: string }>({
    name: 'caja_series_owner',
    // Another till's name is cut in the query (bounds.ts).
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
    // The role that first registers a terminal id keeps it (server migration 0008's row-level security).
    text: `INSERT INTO terminals (terminal_id, name, role_name) VALUES ($1, $2, session_user)
      ON CONFLICT (terminal_id) DO UPDATE SET name = EXCLUDED.name, last_seen_at = now(), role_name = COALESCE(terminals.role_name, EXCLUDED.role_name)`,
    values: [terminal.id, terminal.name],
  });
  for (const [docType, series] of claimedSeries(terminal)) {
    await pool.query({
      name: 'caja_claim_series',
      text: 'INSERT INTO series_owners (doc_type, series, terminal_id) VALUES ($1, $2, $3) ON CONFLICT (doc_type, series) DO NOTHING',
      values: [docType, series, terminal.id],
    });
    const owner = await otherOwner(pool, terminal.id, docType, series);
    if (owner) return { ok: false, message: seriesTakenMessage(series, owner) };
  }
  await releaseUnused(pool, terminal);
  return { ok: true };
}

/**
 * A till that moved to other series gives back the claims it no longer needs, with the server's consent: never one
 * that this till numbered a document in, nor one the server holds a document of (another till must not start it
 * again at 1). Those stay this till's.
 */
async function releaseUnused(pool: pg.Pool, terminal: TerminalIdentity): Promise<void> {
  const keep = [...claimedSeries(terminal), ...(terminal.numbered ?? [])];
  await pool.query({
    name: 'caja_release_series',
    text: `DELETE FROM series_owners s WHERE s.terminal_id = $1
      AND NOT EXISTS (SELECT 1 FROM unnest($2::text[], $3::text[]) AS k(doc_type, series) WHERE k.doc_type = s.doc_type AND k.series = s.series)
      AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.doc_type = s.doc_type AND d.series = s.series)`,
    values: [terminal.id, keep.map(([t]) => t), keep.map(([, s]) => s)],
  });
}
