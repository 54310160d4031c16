// A staff change made at a till, taken to the shop server with the proof of an administrator the server verifies
// itself (server 0014): the administrator's PIN, typed at this till for this change and never kept, checked against
// the credential the office set. Without it a till's edit of the staff is only listed for the office (server 0012).
// And the office's side: whenever an administrator's PIN is known there, it becomes their credential.
import type pg from 'pg';

export type VerifiedOutcome =
  | { applied: true; version: number }
  | { applied: false; message: string };

const waitText = (seconds: number) => (seconds > 90 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`);

/** Sends `wanted` (the staff value this till holds for `key`) with `adminPin`; answers what the server decided. */
export async function putVerifiedStaff(
  pool: pg.Pool,
  change: { adminKey: string; adminPin: string; key: string; wanted: unknown; newPin: string | null },
): Promise<VerifiedOutcome> {
  const r = await pool.query<{ outcome: string; version: string | null; wait_seconds: number | null; message: string | null }>({
    name: 'caja_admin_put_user',
    text: 'SELECT outcome, version, wait_seconds, message FROM caja_admin_put_user($1, $2, $3, $4, $5)',
    values: [change.adminKey, change.adminPin, change.key, JSON.stringify(change.wanted), change.newPin],
  });
  const row = r.rows[0];
  if (row?.outcome === 'applied' && row.version !== null) return { applied: true, version: Number(row.version) };
  switch (row?.outcome) {
    case 'wrong_pin':
      return { applied: false, message: 'El servidor de la tienda no aceptó su PIN de administrador. No llega a las demás cajas: la oficina lo verá en «Cambios no aplicados».' };
    case 'waiting':
      return { applied: false, message: `Demasiados PIN de administrador incorrectos en el servidor: espere ${waitText(row.wait_seconds ?? 900)}. No llega a las demás cajas: la oficina lo verá en «Cambios no aplicados».` };
    default:
      return { applied: false, message: `${row?.message ?? 'El servidor de la tienda no aplicó el cambio.'} No llega a las demás cajas: la oficina lo verá en «Cambios no aplicados».` };
  }
}

/** The office: an administrator's PIN, now known, becomes their credential (a till's role is answered false). */
export async function setAdminCredential(pool: pg.Pool, key: string, pin: string, pinHash: string): Promise<boolean> {
  // Asked first, so a till never sends a PIN it need not send.
  const till = await pool.query<{ till: boolean }>({ name: 'caja_is_till', text: 'SELECT caja_is_till() AS till' });
  if (till.rows[0]?.till !== false) return false;
  const r = await pool.query<{ ok: boolean }>({ name: 'caja_set_admin_credential', text: 'SELECT caja_set_admin_credential($1, $2, $3) AS ok', values: [key, pin, pinHash] });
  return r.rows[0]?.ok === true;
}
