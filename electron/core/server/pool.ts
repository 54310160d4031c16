// The PostgreSQL client of the shop server: node-postgres (`pg`), pooled, with a timeout on every step —
// connecting, each statement on the server (statement_timeout) and each query as the client waits for it — so that a
// server that hangs never holds a till. Queries are parameterised; the hot ones are named (prepared once per session).
import pg from 'pg';
import type { ShopServerSettings } from '../../../shared/server/settings';

export interface PoolTimeouts {
  connectMs?: number;
  statementMs?: number;
  queryMs?: number;
}

export function createShopPool(settings: ShopServerSettings, password: string, timeouts: PoolTimeouts = {}): pg.Pool {
  const pool = new pg.Pool({
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password,
    // Verified TLS or none: the server's certificate is checked against the shop's own authority when one is given
    // (the usual case on a LAN), else against the system's. Never "encrypted but unverified".
    ssl: settings.tls === 'on' ? { rejectUnauthorized: true, ...(settings.caCert ? { ca: settings.caCert } : {}) } : false,
    max: 3,
    connectionTimeoutMillis: timeouts.connectMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: timeouts.statementMs ?? 10_000,
    query_timeout: timeouts.queryMs ?? 15_000,
    application_name: 'caja',
  });
  // A client that loses its server (idle in the pool, or checked out between two queries) must not crash the main
  // process with an unhandled 'error' event: the next query on it fails and reports it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** OpenSSL's verify errors as Node names them (X509_V_ERR_* without the prefix): no trusted authority signed it. */
const TLS_TRUST_CODES = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY']);

/** A connection failure in the cashier's words. */
export function serverErrorText(e: unknown): string {
  const err = e as { code?: string; message?: string };
  if (err.code === 'ECONNREFUSED') return 'El servidor de la tienda no responde (conexión rechazada).';
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return 'No se encuentra el servidor de la tienda (revise la dirección).';
  // PostgreSQL's admin_shutdown, crash_shutdown, cannot_connect_now (errcodes-appendix), or the socket cut.
  if (err.code === '57P01' || err.code === '57P02' || err.code === '57P03' || err.code === 'ECONNRESET') {
    return 'El servidor de la tienda se detuvo o se está reiniciando.';
  }
  if (err.code === '28P01' || err.code === '28000') return 'El servidor rechazó el usuario o la contraseña.';
  if (err.code === '3D000') return 'La base de datos no existe en el servidor.';
  if (err.code !== undefined && TLS_TRUST_CODES.has(err.code)) {
    return 'El certificado del servidor no es de confianza: pegue en Ajustes el certificado de la autoridad (CA) que lo firmó.';
  }
  if (err.code === 'ERR_TLS_CERT_ALTNAME_INVALID') return 'El certificado del servidor no corresponde a esta dirección: revise el servidor o su certificado.';
  if (err.code === 'CERT_HAS_EXPIRED') return 'El certificado del servidor venció: renuévelo en el servidor.';
  // node-postgres's words when the server answers "N" to its SSLRequest.
  if (/does not support SSL/i.test(err.message ?? '')) return 'El servidor no acepta conexiones cifradas (TLS): actívelas en el servidor o elija «No» en TLS.';
  if (/timeout/i.test(err.message ?? '')) return 'El servidor de la tienda no respondió a tiempo.';
  return `Error del servidor de la tienda: ${err.message ?? String(e)}`;
}
