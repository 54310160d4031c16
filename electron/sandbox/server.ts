// The sandbox HTTP server: routing (docs/api/invoicing-api.md §4), bearer check, JSON bodies, fault injection.
// Order per request: count -> faults (latency, then the terminal fault if any) -> bearer -> route -> handler.
import { setMaxListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FaultEngine, TerminalFault } from './faults';
import { errorAnswer, hasBearer, HttpError, readJsonBody, writeJson, writeRaw, type JsonAnswer } from './http';
import {
  handleCdrQuery,
  handleDni,
  handleExchangeRate,
  handleGuideJson,
  handleGuideXml,
  handleRecord,
  handleRuc,
  type QueryContext,
} from './queries';
import { handleSend, type SendContext } from './send';
import { handleNoteSend } from './note-send';
import { handleVoidCancel } from './void-cancel';
import { authoritySegment, toRealNames, type Provider } from '../../shared/api/dialect';

export interface ServerContext extends SendContext, QueryContext {
  token: string;
  /** Which names it speaks: the API document's, or the real provider's (shared/api/dialect.ts). */
  dialect: Provider;
  faults: FaultEngine;
  maxBodyBytes: number;
  /** Sends are answered no sooner than this after they arrived (SandboxOptions.roundTripMs); 0: when ready. */
  roundTripMs: number;
  onSendRequest(): void;
}

type Handler = (req: IncomingMessage, ctx: ServerContext, param: string) => Promise<JsonAnswer> | JsonAnswer;

/** A query-string parameter of the request (the exchange rate's `fecha`). */
const queryParam = (req: IncomingMessage, name: string) => new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get(name);

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  kind: 'send' | 'query';
  handle: Handler;
}

/** The routes of one dialect: /v1/authority/... in the document's, /v1/sunat/... in the real provider's. */
function routesFor(segment: 'authority' | 'sunat'): Route[] {
  return [
  {
    method: 'POST',
    pattern: /^\/api\/v1\/invoice\/send$/,
    kind: 'send',
    handle: async (req, ctx) => handleSend(await readJsonBody(req, ctx.maxBodyBytes), ctx),
  },
  // Credit and debit notes: the same path under both dialects.
  {
    method: 'POST',
    pattern: /^\/api\/v1\/note\/send$/,
    kind: 'send',
    handle: async (req, ctx) => handleNoteSend(await readJsonBody(req, ctx.maxBodyBytes), ctx),
  },
  // Voiding: boletas by the resumen diario, facturas by a comunicación de baja; same paths in both dialects.
  {
    method: 'POST',
    pattern: /^\/api\/v1\/summary\/cancel$/,
    kind: 'send',
    handle: async (req, ctx) => handleVoidCancel('summary', await readJsonBody(req, ctx.maxBodyBytes), ctx),
  },
  {
    method: 'POST',
    pattern: /^\/api\/v1\/voided\/cancel$/,
    kind: 'send',
    handle: async (req, ctx) => handleVoidCancel('voided', await readJsonBody(req, ctx.maxBodyBytes), ctx),
  },
  { method: 'GET', pattern: /^\/v1\/dni\/info\/([^/]+)$/, kind: 'query', handle: (_r, ctx, p) => handleDni(p)(ctx) },
  { method: 'GET', pattern: /^\/v1\/ruc\/info\/([^/]+)$/, kind: 'query', handle: (_r, ctx, p) => handleRuc(p)(ctx) },
  // The day's exchange rate: the real provider's path and shape in both dialects (docs/api/provider-factiliza.md).
  { method: 'GET', pattern: /^\/v1\/tipocambio\/info\/dia$/, kind: 'query', handle: (req, ctx) => handleExchangeRate(queryParam(req, 'fecha'))(ctx) },
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/${segment}/cdr$`),
    kind: 'query',
    handle: async (req, ctx) => handleCdrQuery(await readJsonBody(req, ctx.maxBodyBytes), ctx),
  },
  { method: 'GET', pattern: new RegExp(`^/v2/${segment}/guia/json/([^/]+)$`), kind: 'query', handle: (_r, c, p) => handleGuideJson(p)(c) },
  { method: 'GET', pattern: new RegExp(`^/v2/${segment}/guia/xml/([^/]+)$`), kind: 'query', handle: (_r, c, p) => handleGuideXml(p)(c) },
  { method: 'GET', pattern: new RegExp(`^/v1/${segment}/boleta/([^/]+)$`), kind: 'query', handle: (_r, c, p) => handleRecord('03', p)(c) },
  { method: 'GET', pattern: new RegExp(`^/v1/${segment}/factura/([^/]+)$`), kind: 'query', handle: (_r, c, p) => handleRecord('01', p)(c) },
  ];
}

const ROUTES_BY_DIALECT: Record<Provider, Route[]> = {
  document: routesFor(authoritySegment('document')),
  factiliza: routesFor(authoritySegment('factiliza')),
};

function findRoute(routes: Route[], method: string, path: string): { route?: Route; param: string; pathKnown: boolean } {
  let pathKnown = false;
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    pathKnown = true;
    if (route.method === method) return { route, param: safeDecode(m[1] ?? ''), pathKnown };
  }
  return { param: '', pathKnown };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a broken %-escape simply fails the parameter's format check (400)
  }
}

/** Invalid JSON answered with 200 by the `malformed` fault. */
const MALFORMED_BODY = '{"status":200,"success":true,"message":"OK","data":{"hash":"';

export function createSandboxServer(ctx: ServerContext, shutdown: AbortSignal): Server {
  const routes = ROUTES_BY_DIALECT[ctx.dialect];
  const speak = (answer: JsonAnswer): JsonAnswer => (ctx.dialect === 'factiliza' ? { ...answer, body: toRealNames(answer.body) } : answer);
  // Every delayed answer listens for shutdown; many at once are expected, not a leak.
  setMaxListeners(0, shutdown);
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const onAbort = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        shutdown.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      shutdown.addEventListener('abort', onAbort, { once: true });
    });

  async function respond(req: IncomingMessage, res: ServerResponse, answerAt: number, fault?: TerminalFault): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const found = findRoute(routes, req.method ?? 'GET', url.pathname);
    if (fault?.kind === 'unauthorized' || !hasBearer(req, ctx.token)) {
      req.resume();
      return writeJson(res, errorAnswer(401, 'No autorizado: token de acceso ausente o no válido'));
    }
    if (!found.route) {
      req.resume();
      return writeJson(res, found.pathKnown ? errorAnswer(405, 'Método no permitido') : errorAnswer(404, 'Ruta no encontrada'));
    }
    let answer: JsonAnswer;
    try {
      answer = await found.route.handle(req, ctx, found.param);
    } catch (error) {
      answer = error instanceof HttpError ? errorAnswer(error.status, error.message) : internalError(error);
    }
    if (fault?.kind === 'declaredButLost') {
      res.socket?.destroy();
      return;
    }
    const wait = answerAt - performance.now();
    if (wait >= 1) await sleep(wait);
    if (!res.destroyed) writeJson(res, speak(answer));
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const route = findRoute(routes, req.method ?? 'GET', path).route;
    if (route?.kind === 'send') ctx.onSendRequest();
    const answerAt = route?.kind === 'send' && ctx.roundTripMs > 0 ? performance.now() + ctx.roundTripMs : 0;
    const plan = ctx.faults.plan(route?.kind ?? 'other');
    if (plan.latencyMs > 0) await sleep(plan.latencyMs);
    if (shutdown.aborted) return void res.socket?.destroy();

    const fault = plan.terminal;
    switch (fault?.kind) {
      case 'status':
        req.resume();
        return writeJson(res, errorAnswer(fault.code, statusText(fault.code)));
      case 'hang':
        req.resume(); // read the body, never answer; the socket is destroyed on close()
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'malformed':
        req.resume();
        return writeRaw(res, 200, MALFORMED_BODY);
      default:
        return respond(req, res, answerAt, fault);
    }
  }

  return createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) writeJson(res, internalError(error));
    });
  });
}

function statusText(code: 500 | 502 | 503): string {
  if (code === 500) return 'Error interno del servidor';
  if (code === 502) return 'Puerta de enlace no válida';
  return 'Servicio no disponible temporalmente';
}

function internalError(error: unknown): JsonAnswer {
  // Only the error message is logged: never request bodies (the CDR query carries portal credentials).
  console.error('[sandbox] error interno:', error instanceof Error ? error.message : String(error));
  return errorAnswer(500, 'Error interno del servidor de pruebas');
}
