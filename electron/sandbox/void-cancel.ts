// POST /api/v1/summary/cancel (boletas, resumen diario) and POST /api/v1/voided/cancel (facturas, comunicación de
// baja): the same paths under both dialects (docs/api/provider-factiliza.md, "Credit and debit notes,
// voiding"; the answer is shaped like a send's, renamed to the real names by server.ts under 'factiliza'). Checks, first
// that applies decides (rejection codes chosen in SUNAT's rejection range 2000–3999; the texts are ours):
//  1. The body, strictly (shared/api/void-request.ts), and the type the endpoint takes (03 summary, 01 voided)
//     -> refused as an invalid body (HTTP 400, or the varying mode's forms); nothing recorded.
//  2. The document was voided here already: the same request again -> the first answer under resendMode 'idempotent',
//     otherwise EXCEPTION 1032 ("ya esta informado ... anulado"); another request -> 1032.
//  3. The document is not registered here, or was not accepted -> REJECTED 2104.
//  4. An accepted credit or debit note modifies it -> REJECTED 2106.
//  5. Otherwise ACCEPTED, code '0': the document is voided (the record query shows indicadorEstado 2).
import { VOID_ENDPOINTS, VoidRequestBodySchema, type VoidRequestBody } from '../../shared/api/void-request';
import type { SendResult } from '../../shared/api';
import { EXCEPTION_TEXTS } from './authority';
import { canonicalJson, documentHash, documentKey } from './canonical';
import { documentReference } from './cdr';
import { errorAnswer, type JsonAnswer } from './http';
import { describeIssues } from './issues';
import { variedRefusal, type SendContext } from './send';

export const VOID_REJECTIONS = {
  '2104': 'El comprobante a anular no existe o no fue aceptado',
  '2106': 'El comprobante a anular tiene notas de credito o debito aceptadas',
} as const;

export type VoidEndpoint = keyof typeof VOID_ENDPOINTS;

export async function handleVoidCancel(endpoint: VoidEndpoint, body: unknown, ctx: SendContext): Promise<JsonAnswer> {
  const parsed = VoidRequestBodySchema.safeParse(body);
  const typeIssue =
    parsed.success && parsed.data.tipo_Doc !== VOID_ENDPOINTS[endpoint]
      ? [{ path: ['tipo_Doc'], message: `En ${endpoint}/cancel el tipo de documento debe ser ${VOID_ENDPOINTS[endpoint]} (${endpoint === 'summary' ? 'boleta' : 'factura'})` }]
      : [];
  if (!parsed.success || typeIssue.length > 0) {
    const issues = parsed.success ? typeIssue : parsed.error.issues;
    const message = parsed.success ? `Revise los datos enviados: ${typeIssue[0]!.message}` : `Revise los datos enviados: ${describeIssues(parsed.error.issues, body)}`;
    return ctx.variation ? variedRefusal(message, issues, ctx.variation) : errorAnswer(400, message);
  }
  const request = parsed.data;
  const key = documentKey(request.empresa_Ruc, request.tipo_Doc, request.serie, request.correlativo);
  // Serialised with the document's own sends: a void and a resend of the same number never interleave.
  const answer = await ctx.registry.exclusive(key, async () => decideVoid(request, key, ctx));
  return { status: 200, body: answer };
}

function decideVoid(request: VoidRequestBody, key: string, ctx: SendContext): SendResult {
  const canonical = canonicalJson(request);
  const hash = documentHash(canonical, ctx.secret);
  const earlier = ctx.registry.voidOf(key);
  if (earlier) {
    if (earlier.canonical === canonical && ctx.resendMode === 'idempotent') return earlier.answer;
    return answer(request, hash, false, '1032', EXCEPTION_TEXTS['1032'], 'SUNAT no procesó la anulación (1032)');
  }
  const registered = ctx.registry.get(key);
  if (!registered || registered.status !== 'accepted') return answer(request, hash, false, '2104', VOID_REJECTIONS['2104'], 'La anulación fue rechazada por SUNAT');
  const reference = `${request.serie}-${Number(request.correlativo)}`;
  const noted = ctx.registry
    .all()
    .some((r) => {
      const n = r.invoice as unknown as { tipo_Doc?: string; afectado_Tipo_Doc?: string; afectado_Num_Doc?: string };
      return r.status === 'accepted' && (n.tipo_Doc === '07' || n.tipo_Doc === '08') && n.afectado_Tipo_Doc === request.tipo_Doc && n.afectado_Num_Doc?.replace(/-0+(?=\d)/, '-') === reference;
    });
  if (noted) return answer(request, hash, false, '2106', VOID_REJECTIONS['2106'], 'La anulación fue rechazada por SUNAT');
  const what = request.tipo_Doc === '01' ? 'La Comunicacion de baja' : 'El Resumen diario';
  const accepted = answer(request, hash, true, '0', `${what} de ${documentReference(request.serie, request.correlativo)} ha sido aceptado(a)`, 'La anulación fue aceptada por SUNAT');
  ctx.registry.registerVoid({ key, canonical, answer: accepted, at: ctx.clock() });
  return accepted;
}

function answer(request: VoidRequestBody, hash: string, success: boolean, code: string, description: string, message: string): SendResult {
  return {
    status: 200,
    success: true,
    message,
    data: {
      hash,
      authorityResponse: {
        success,
        cdrZip: '',
        cdrResponse: { id: documentReference(request.serie, request.correlativo), code, description, notes: [] },
      },
    },
  };
}
