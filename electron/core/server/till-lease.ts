// A till's identity is its own. The terminal id lives in the till's database, so a data folder copied from
// another till carries the same id. Each connection therefore rotates a lease in two steps: the server offers a new
// one, the till stores it (durably), then confirms it. The till that presents neither the current nor the offered lease
// is a copy (or the original, when the copy connected first): it is refused and told to register as a new till.
// Exactly one of two copies keeps the identity; a crash between the steps is safe (the till presents what it stored).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { clip, SHOP_BOUNDS } from './bounds';

export interface LeaseStore {
  get(): string | undefined;
  /**
   * This database was restored from a copy (restore-apply.ts) without the live file's lease: it is this till, and the
   * instance that held the lease is gone. Its next renewal takes the identity back instead of being refused.
   */
  reclaiming?(): boolean;
  /** Must be durable before it returns (the till's database). */
  set(lease: string): void;
}

export type LeaseCheck = { ok: true } | { ok: false; message: string };

export function identityClashMessage(name: string): string {
  return (
    `Otra caja se conectó al servidor de la tienda con la misma identidad que esta («${name}»): una de las dos usa una copia de los datos de la otra. ` +
    'Esta caja no vende hasta resolverlo: en Ajustes → Servidor de la tienda use «Registrar como caja nueva» y elija series propias para esta caja. ' +
    'La otra caja conserva la identidad. Ningún comprobante se pierde: los de esta caja siguen aquí y suben con la identidad nueva.'
  );
}

/** Whether this till still holds its identity (a read, for a pass with nothing to push). */
export async function checkLease(pool: pg.Pool, terminalId: string, store: LeaseStore): Promise<LeaseCheck> {
  const r = await pool.query<{ lease: string | null; lease_pending: string | null; name: string }>({
    name: 'caja_lease_check',
    text: `SELECT lease, lease_pending, ${clip('name', SHOP_BOUNDS.name, 'name')} FROM terminals WHERE terminal_id = $1`,
    values: [terminalId],
  });
  const row = r.rows[0];
  const mine = store.get() ?? null;
  return !row || row.lease === null || mine === row.lease || mine === row.lease_pending ? { ok: true } : { ok: false, message: identityClashMessage(row.name) };
}

/**
 * Rotates this till's lease; refused when another copy of this till holds it. The terminal row must exist. The
 * replicator rotates it at each connection and before each push, so a copy taken from a running till holds a lease
 * that is gone by the time it connects.
 */
export async function renewLease(pool: pg.Pool, terminalId: string, store: LeaseStore): Promise<LeaseCheck> {
  const mine = store.get() ?? null;
  const offered = randomUUID();
  const client = await pool.connect();
  let name = '';
  try {
    await client.query('BEGIN');
    const r = await client.query<{ lease: string | null; lease_pending: string | null; name: string }>({
      name: 'caja_lease_read',
      text: `SELECT lease, lease_pending, ${clip('name', SHOP_BOUNDS.name, 'name')} FROM terminals WHERE terminal_id = $1 FOR UPDATE`,
      values: [terminalId],
    });
    const row = r.rows[0];
    name = row?.name ?? '';
    if (row && row.lease !== null && mine !== row.lease && mine !== row.lease_pending && !store.reclaiming?.()) {
      await client.query('ROLLBACK');
      return { ok: false, message: identityClashMessage(name) };
    }
    // The offered lease this till already stored (a crash before it confirmed) becomes the current one.
    await client.query({
      name: 'caja_lease_offer',
      text: `UPDATE terminals SET lease = CASE WHEN lease_pending IS NOT NULL AND lease_pending = $2 THEN lease_pending ELSE lease END,
        lease_pending = $3 WHERE terminal_id = $1`,
      values: [terminalId, mine, offered],
    });
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
  store.set(offered);
  const confirmed = await pool.query({
    name: 'caja_lease_confirm',
    text: 'UPDATE terminals SET lease = lease_pending, lease_pending = NULL WHERE terminal_id = $1 AND lease_pending = $2',
    values: [terminalId, offered],
  });
  // Another copy was offered a lease after this one: it holds the identity now.
  return confirmed.rowCount === 1 ? { ok: true } : { ok: false, message: identityClashMessage(name) };
}
