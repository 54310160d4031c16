// Operation 1: POST /api/v1/invoice/send — validation, duplicates, the simulated authority, the CDR.
//
// Answers (all 200 except the 400 for an invalid body):
//  - envelope { status: 200, success: true, message, data } whenever the service processed the request, whatever
//    the authority said; data.authorityResponse.success tells acceptance (codes 0 and >= 4000).
//  - exceptions (1001, 1032, 1033): authorityResponse.success false, cdrZip '' (no CDR), nothing registered.
// Duplicates (same RUC-TT-SERIE-NUM already registered):
//  - identical canonical payload, resendMode 'idempotent' (default): the original answer again (same hash, same CDR).
//  - identical payload, resendMode 'sunat1033': 1033 if the number was accepted, 1032 if it was rejected.
//  - resendMode 'always1033': 1033 for any duplicate, accepted or rejected.
//  - different payload (any field, id_Base_Dato included): 1033 if accepted, 1032 if rejected (a rejected number
//    is burnt: docs/sunat/reference.md §4.1).
// Varying mode (variations.ts): an invalid body is refused as HTTP 400 or as HTTP 200 with success false and no
// authority answer, with or without the provider's extra error fields; the CDR takes either layout, with or without
// a dummy/ folder entry.
import { InvoiceSchema, type Invoice, type SendResult } from '../../shared/api';
import { acceptanceDescription, buildCdrZip, documentReference } from './cdr';
import { evaluateInvoice, EXCEPTION_TEXTS, type AuthorityOutcome } from './authority';
import { canonicalJson, documentHash, documentKey } from './canonical';
import { errorAnswer, type JsonAnswer } from './http';
import { describeIssues } from './issues';
import type { Registry } from './registry';
import type { CdrLayout, ResendMode } from './types';
import { withDummyFolder, type Variation } from './variations';

export interface SendContext {
  registry: Registry;
  clock: () => Date;
  resendMode: ResendMode;
  cdrLayout: CdrLayout;
  secret: string;
  /** Varying mode's choices; absent = the friendliest form (default). */
  variation?: Variation;
}

const MESSAGES = {
  accepted: 'El comprobante fue aceptado por SUNAT',
  rejected: 'El comprobante fue rechazado por SUNAT',
  exception: 'SUNAT no procesó el comprobante',
} as const;

export async function handleSend(body: unknown, ctx: SendContext): Promise<JsonAnswer> {
  const parsed = InvoiceSchema.safeParse(body);
  if (!parsed.success) {
    const message = `Revise los datos enviados: ${describeIssues(parsed.error.issues, body)}`;
    return ctx.variation ? variedRefusal(message, parsed.error.issues, ctx.variation) : errorAnswer(400, message);
  }
  const invoice = parsed.data;
  const key = documentKey(invoice.empresa_Ruc, invoice.tipo_Doc, invoice.serie, invoice.correlativo);

  // Sends of the same number are serialised so that concurrent repeats cannot register it twice.
  const answer = await ctx.registry.exclusive(key, () => declare(invoice, key, ctx));
  return { status: 200, body: answer };
}

/**
 * Declares one document once: duplicates answered per the resend mode, then `evaluate` (the authority's rules for its
 * type) decides, a CDR is built and the number registered. Notes (note-send.ts) take the same path with their rules.
 */
export async function declare(
  invoice: Invoice,
  key: string,
  ctx: SendContext,
  evaluate: (at: Date) => AuthorityOutcome = (at) => evaluateInvoice(invoice, at),
): Promise<SendResult> {
  const canonical = canonicalJson(invoice);
  const hash = documentHash(canonical, ctx.secret);
  const verdict = ctx.registry.check(key, canonical);
  if (verdict.kind === 'same' && ctx.resendMode === 'idempotent') return verdict.registration.answer;
  if (verdict.kind !== 'new') {
    const code = verdict.registration.status === 'accepted' || ctx.resendMode === 'always1033' ? '1033' : '1032';
    return exceptionAnswer(invoice, hash, code, EXCEPTION_TEXTS[code]);
  }

  const at = ctx.clock();
  const outcome = evaluate(at);
  if (outcome.kind === 'exception') return exceptionAnswer(invoice, hash, outcome.code, outcome.description);

  const description = outcome.kind === 'accepted' ? acceptanceFor(invoice) : outcome.description;
  const built = await buildCdrZip({
    layout: ctx.variation?.cdrLayout() ?? ctx.cdrLayout,
    issuerRuc: invoice.empresa_Ruc,
    docType: invoice.tipo_Doc,
    series: invoice.serie,
    number: invoice.correlativo,
    code: outcome.code,
    description,
    notes: outcome.notes,
    recipient: `${invoice.cliente_Tipo_Doc}-${invoice.cliente_Num_Doc}`,
    issuedAt: at,
  });
  const cdrZip = ctx.variation?.cdrDummyFolder() ? await withDummyFolder(built) : built;
  const answer = resultBody(invoice, hash, outcome, description, cdrZip);
  ctx.registry.register({
    key,
    status: outcome.kind === 'accepted' ? 'accepted' : 'rejected',
    canonical,
    invoice,
    answer,
    cdrZip,
    at,
  });
  return answer;
}

/** An invalid body refused in one of the forms a peer may use (docs/api/invoicing-api.md §2.3, docs/api/provider-factiliza.md). */
export function variedRefusal(message: string, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, v: Variation): JsonAnswer {
  const status = v.rejectionForm() === 'http400' ? 400 : 200;
  const body: Record<string, unknown> = { status, success: false, message };
  const extras = v.errorExtras();
  if (extras === 'dataError') body.data = { error: { code: 'VALIDACION', message } };
  if (extras === 'fieldErrors') {
    const errors: Record<string, string[]> = {};
    for (const issue of issues) (errors[issue.path.map(String).join('.') || 'body'] ??= []).push(issue.message);
    Object.assign(body, { title: 'Uno o más datos no son válidos', errors });
  }
  return { status, body };
}

function acceptanceFor(invoice: Invoice): string {
  return acceptanceDescription(invoice.tipo_Doc, invoice.serie, invoice.correlativo);
}

function resultBody(
  invoice: Invoice,
  hash: string,
  outcome: Exclude<AuthorityOutcome, { kind: 'exception' }>,
  description: string,
  cdrZip: string,
): SendResult {
  return {
    status: 200,
    success: true,
    message: outcome.kind === 'accepted' ? MESSAGES.accepted : MESSAGES.rejected,
    data: {
      hash,
      authorityResponse: {
        success: outcome.kind === 'accepted',
        cdrZip,
        cdrResponse: {
          id: documentReference(invoice.serie, invoice.correlativo),
          code: outcome.code,
          description,
          notes: outcome.notes,
        },
      },
    },
  };
}

function exceptionAnswer(invoice: Invoice, hash: string, code: string, description: string): SendResult {
  return {
    status: 200,
    success: true,
    message: `${MESSAGES.exception} (${code})`,
    data: {
      hash,
      authorityResponse: {
        success: false,
        cdrZip: '',
        cdrResponse: { id: documentReference(invoice.serie, invoice.correlativo), code, description, notes: [] },
      },
    },
  };
}
