// "Probar conexión": checks each base URL and token of the configured API without declaring anything, and
// says per API what answered. The billing API is asked to "send" an empty body: no invoice can come out of it, and its
// answer tells whether the route exists (404) and the token is accepted (401/403). The query API is asked for the
// company's own RUC (GET /v1/ruc/info/{ruc}).
import type { ConnectionTest } from '../../../shared/bridge';
import type { ApiConfig, FetchLike } from '../api';
import { readBodyCapped } from '../api/http';
import { isSecureApiUrl } from '../../../shared/validation/api-url';

type Probe = ConnectionTest['billing'];

const TIMEOUT_MS = 8_000;
/** Only the answer's message is read: more than this is cut. */
const PROBE_MAX_BYTES = 64 * 1024;

/** The API's own words, when its answer is the usual JSON envelope: they tell a missing route from a missing RUC. */
function apiMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { message?: unknown };
    return typeof json.message === 'string' && json.message ? ` La API dijo: «${json.message.slice(0, 160)}».` : '';
  } catch {
    return '';
  }
}

function meaning(status: number, body: string, what: 'envío' | 'consultas'): Probe {
  if (status === 401 || status === 403) return { ok: false, status, message: `Token rechazado (HTTP ${status}): revise el token de ${what}.` };
  if (status === 404 || status === 405) {
    return {
      ok: false,
      status,
      message: `No encontrado (HTTP ${status}): revise la dirección de ${what} y el proveedor.${apiMessage(body)}`,
    };
  }
  if (status >= 500) return { ok: false, status, message: `El servicio respondió con un error (HTTP ${status}); pruebe más tarde.` };
  return { ok: true, status, message: 'Conectado: el servicio aceptó el token.' };
}

async function probe(fetchImpl: FetchLike, url: string, init: RequestInit, what: 'envío' | 'consultas'): Promise<Probe> {
  // The token is never sent in clear: an http:// address is refused before the request.
  if (!isSecureApiUrl(url)) return { ok: false, status: null, message: `La dirección de ${what} no es segura: debe empezar con https://.` };
  try {
    const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return meaning(res.status, await readBodyCapped(res, PROBE_MAX_BYTES).catch(() => ''), what);
  } catch (e) {
    const timeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    return timeout
      ? { ok: false, status: null, message: `No responde en ${TIMEOUT_MS / 1000} s.` }
      : { ok: false, status: null, message: 'Sin conexión: no se pudo llegar a la dirección (revise internet y la dirección).' };
  }
}

export async function testConnection(fetchImpl: FetchLike, config: ApiConfig | undefined, companyRuc: string): Promise<ConnectionTest> {
  if (!config) {
    const missing: Probe = { ok: false, status: null, message: 'Falta configurar la dirección y el token.' };
    return { billing: missing, query: missing };
  }
  const trim = (u: string) => u.replace(/\/+$/, '');
  const headers = (token: string) => ({ Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' });
  const [billing, query] = await Promise.all([
    probe(fetchImpl, `${trim(config.billingBaseUrl)}/invoice/send`, { method: 'POST', headers: headers(config.token), body: '{}' }, 'envío'),
    probe(
      fetchImpl,
      `${trim(config.queryBaseUrl)}/v1/ruc/info/${encodeURIComponent(companyRuc)}`,
      { method: 'GET', headers: headers(config.queryToken || config.token) },
      'consultas',
    ),
  ]);
  return { billing, query };
}
