// "Todas las cajas" → documents the shop server refused (push.ts records them), newest first.
import type pg from 'pg';
import type { RefusedDocument } from '../../../shared/server/refusals';
import { clip, SHOP_BOUNDS } from './bounds';

export async function listRefusedDocuments(pool: pg.Pool, limit = 200): Promise<RefusedDocument[]> {
  const r = await pool.query<{ terminal: string; doc_type: string; series: string; number: number; reason: string; refused_at: Date }>({
    name: 'caja_refused_list',
    text: `SELECT ${clip('t.name', SHOP_BOUNDS.name, 'terminal')}, ${clip('r.doc_type', SHOP_BOUNDS.code, 'doc_type')}, ${clip('r.series', SHOP_BOUNDS.code, 'series')},
      r.number, ${clip('r.reason', 500, 'reason')}, r.refused_at
      FROM refused_documents r JOIN terminals t USING (terminal_id) ORDER BY r.refused_at DESC LIMIT $1`,
    values: [limit],
  });
  return r.rows.map((row) => ({ terminal: row.terminal, docType: row.doc_type, series: row.series, number: row.number, reason: row.reason, at: row.refused_at.toISOString() }));
}
