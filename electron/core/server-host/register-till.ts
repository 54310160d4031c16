// A till joins a shop server Caja hosts with the address and the one-time code the office shows:
// 1. as `caja_registro` it fetches the shop's CA certificate (public) and checks its self-signature and the code's MAC of it;
// 2. it reconnects verifying the server with that CA, and only then sends the code's secret half;
// 3. the server answers the till's own login role and password, which become this till's shop-server settings.
import pg from 'pg';
import { DEFAULT_SHOP_SERVER, type ShopServerSettings } from '../../../shared/server/settings';
import { serverErrorText } from '../server/pool';
import { CoreError } from '../services/errors';
import { SHOP_DATABASE } from './cluster';
import { checkShopAuthority, parseRegistrationCode } from './codes';

export const REGISTRATION_ROLE = 'caja_registro';
const REGISTRATION_PASSWORD = 'caja_registro'; // no secret: the role can only spend a one-time code

/** Reaches Ajustes as data with its Spanish message (a CoreError). */
export class RegistrationError extends CoreError {
  constructor(message: string) {
    super('shop_server_registration', message);
  }
}

export interface RegisterTillInput {
  host: string;
  port: number;
  code: string;
  terminalName: string;
}

async function once<T>(config: pg.ClientConfig, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...config, database: SHOP_DATABASE, user: REGISTRATION_ROLE, password: REGISTRATION_PASSWORD, connectionTimeoutMillis: 8_000, query_timeout: 15_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await fn(client);
  } catch (e) {
    if (e instanceof RegistrationError) throw e;
    // The server's own refusal of an address that guessed too many codes: its words are already the user's.
    const refused = e as { code?: string; message?: string };
    if (refused.code === REGISTRATION_THROTTLED && refused.message) throw new RegistrationError(refused.message);
    throw new RegistrationError(serverErrorText(e));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** SQLSTATE of caja_register_till's refusal of an address with too many wrong codes (server migration 0013). */
const REGISTRATION_THROTTLED = 'CJ429';

export async function registerTill(input: RegisterTillInput): Promise<{ settings: ShopServerSettings; password: string }> {
  const code = parseRegistrationCode(input.code);
  if (!code) throw new RegistrationError('El código tiene 16 letras y números (ej. ABCD-EFGH-JKMN-PQRS): revíselo en el servidor.');
  const base = { host: input.host, port: input.port };
  // Encrypted but not yet verified: only the public CA certificate is read over this connection.
  const caPem = await once({ ...base, ssl: { rejectUnauthorized: false } }, async (c) => {
    const r = await c.query<{ ca: string | null }>('SELECT caja_shop_authority() AS ca');
    return r.rows[0]?.ca ?? null;
  });
  if (!caPem) throw new RegistrationError('Ese servidor no entrega certificado de tienda: ¿es un servidor de Caja?');
  // Its own signature first (a forged or altered CA is never trusted), then the code's MAC of it.
  const authority = checkShopAuthority(caPem, code);
  if (authority === 'invalid') throw new RegistrationError('El certificado que entregó el servidor no es válido.');
  if (authority === 'mismatch') {
    throw new RegistrationError('El certificado del servidor no corresponde al código: revise la dirección y el código (¿otro equipo responde en esa dirección?).');
  }
  const row = await once({ ...base, ssl: { rejectUnauthorized: true, ca: caPem } }, async (c) => {
    const r = await c.query<{ role_name: string; role_password: string }>('SELECT role_name, role_password FROM caja_register_till($1, $2)', [code.secret, input.terminalName]);
    return r.rows[0];
  });
  if (!row) throw new RegistrationError('El código no es válido, ya se usó o venció: pida uno nuevo en el servidor.');
  return {
    settings: { ...DEFAULT_SHOP_SERVER, enabled: true, host: input.host, port: input.port, database: SHOP_DATABASE, user: row.role_name, tls: 'on', caCert: caPem.trim(), terminalName: input.terminalName },
    password: row.role_password,
  };
}
