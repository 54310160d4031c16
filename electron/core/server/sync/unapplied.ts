// The office's list of "cambios no aplicados": what a till wanted and why the server kept its own record.
import type pg from 'pg';
import type { UnappliedChange } from '../../../../shared/server/unapplied';
import { clip, SHOP_BOUNDS } from '../bounds';

const KIND_LABELS: Record<string, string> = { product: 'Producto', user: 'Persona', setting: 'Ajuste' };
const SETTING_LABELS: Record<string, string> = { company: 'Datos de la empresa', paymentMethods: 'Medios de pago' };
const ROLE_WORDS: Record<string, string> = { cajero: 'cajero', supervisor: 'supervisor', administrador: 'administrador' };

/** What the till wanted, in the office's words. */
export function describeWanted(kind: string, key: string, wanted: unknown): { record: string; wanted: string } {
  const w = (wanted ?? {}) as Record<string, unknown>;
  if (kind === 'product') {
    const category = typeof w.category === 'string' && w.category !== '' ? `categoría ${w.category}` : '';
    const parts = [String(w.description ?? ''), `precio S/ ${String(w.price ?? '?')}`, category, w.active === false ? 'desactivado' : 'activo'];
    return { record: key, wanted: parts.filter(Boolean).join(' · ') };
  }
  if (kind === 'user') {
    const parts = [ROLE_WORDS[String(w.role)] ?? String(w.role ?? ''), w.active === false ? 'desactivado' : 'activo', w.pinChanged === true ? 'PIN cambiado' : ''];
    return { record: String(w.name ?? key), wanted: parts.filter(Boolean).join(' · ') };
  }
  if (key === 'paymentMethods' && Array.isArray(wanted)) {
    const methods = wanted.map((m) => `${String((m as { label?: unknown }).label ?? '')}${(m as { active?: unknown }).active === false ? ' (inactivo)' : ''}`);
    return { record: SETTING_LABELS[key]!, wanted: methods.join(', ') };
  }
  if (key === 'company') return { record: SETTING_LABELS[key]!, wanted: `${String(w.name ?? '')} · ${String(w.address ?? '')}` };
  return { record: SETTING_LABELS[key] ?? key, wanted: JSON.stringify(wanted).slice(0, 200) };
}

/** The latest edits the server did not apply, newest first. */
export async function listUnapplied(pool: pg.Pool, limit = 200): Promise<UnappliedChange[]> {
  const rows = await pool.query<{ id: string; kind: string; key: string; terminal_name: string; wanted: unknown; reason: string; at: Date }>({
    name: 'caja_sync_unapplied_list',
    text: `SELECT id, ${clip('kind', SHOP_BOUNDS.code, 'kind')}, ${clip('key', SHOP_BOUNDS.name, 'key')}, ${clip('terminal_name', SHOP_BOUNDS.name, 'terminal_name')},
      CASE WHEN octet_length(wanted::text) <= ${SHOP_BOUNDS.jsonBytes} THEN wanted ELSE NULL END AS wanted, ${clip('reason', 300, 'reason')}, at
      FROM unapplied_changes ORDER BY at DESC, id DESC LIMIT $1`,
    values: [limit],
  });
  return rows.rows.map((r) => ({
    id: Number(r.id), kind: KIND_LABELS[r.kind] ?? r.kind, terminal: r.terminal_name, reason: r.reason, at: r.at.toISOString(),
    ...describeWanted(r.kind, r.key, r.wanted),
  }));
}
