// Operations 2 to 7: DNI, CDR download, guide JSON/XML, boleta/factura record lookups.
//
// Choices where the API document (docs/api/invoicing-api.md) is silent (documented for the client):
//  - A malformed path parameter (DNI not 8 digits, RUC not 11 digits, bad series/number) -> 400 error body.
//  - Nothing found (unknown DNI, CDR, guide or record) -> 404 { status: 404, success: false, message }.
//  - CDR query: the seven body fields are required non-empty strings, no other field allowed (400 otherwise);
//    the portal credentials are not checked and never logged; the CDR of a rejected document is returned too;
//    a document never registered (or answered with an exception, which has no CDR) -> 404.
//  - Lookups 6/7 return documents the sandbox ACCEPTED (code 0 or >= 4000) plus the seeded records.
// Varying mode (variations.ts): a 404 with or without `data: null`; a citizen with empty fecha_nacimiento or sexo;
// a record written in one of the forms of §2.8 (records.ts, varyRecord), with or without `success`.
import { CdrQueryRequestSchema, type Citizen } from '../../shared/api';
import { isValidDni, isValidRuc } from '../../shared/ids';
import { documentKey, normalizeNumber } from './canonical';
import { guideXmlZip } from './guide-xml';
import { errorAnswer, type JsonAnswer } from './http';
import { invoiceToRecord, varyRecord } from './records';
import type { Registry } from './registry';
import type { Fixtures } from './seed';
import { taxpayerFor } from './seed/taxpayers';
import { describeIssues } from './issues';
import type { Variation } from './variations';

export interface QueryContext {
  registry: Registry;
  fixtures: Fixtures;
  /** Varying mode's choices; absent = the friendliest form (default). */
  variation?: Variation;
}

const OK = 'Consulta realizada correctamente';
const NOT_FOUND = 'No se encontraron resultados';

/** 404 with the error envelope; in varying mode sometimes with `data: null` (docs/api/variations.md, "all queries"). */
function notFound(ctx: QueryContext, message = NOT_FOUND): JsonAnswer {
  const answer = errorAnswer(404, message);
  return ctx.variation?.notFoundData() ? { ...answer, body: { ...(answer.body as object), data: null } } : answer;
}

/** §2.4: fecha_nacimiento and sexo may be empty strings. */
function varyCitizen(citizen: Citizen, v: Variation): Citizen {
  return { ...citizen, fecha_nacimiento: v.citizenBlank() ? '' : citizen.fecha_nacimiento, sexo: v.citizenBlank() ? '' : citizen.sexo };
}

export function handleDni(dni: string): (ctx: QueryContext) => JsonAnswer {
  return (ctx) => {
    if (!isValidDni(dni)) return errorAnswer(400, 'El DNI debe tener 8 dígitos numéricos');
    const citizen = ctx.fixtures.citizens.get(dni);
    if (!citizen) return notFound(ctx);
    const data = ctx.variation ? varyCitizen(citizen, ctx.variation) : citizen;
    return { status: 200, body: { status: 200, success: true, message: OK, data } };
  };
}

/** RUC lookup, in the real provider's shape (shared/api/ruc.ts): only the seeded taxpayers are known. */
export function handleRuc(ruc: string): (ctx: QueryContext) => JsonAnswer {
  return (ctx) => {
    if (!isValidRuc(ruc)) return errorAnswer(400, 'El RUC debe tener 11 dígitos y un dígito verificador válido');
    const t = ctx.fixtures.taxpayers.get(ruc);
    if (!t) return notFound(ctx);
    const place = [t.nombreDepartamento, t.nombreProvincia, t.nombreDistrito].filter((p) => p && p !== '-');
    const data = {
      numero: t.ruc,
      nombre_o_razon_social: t.razonSocial,
      tipo_contribuyente: t.ruc.startsWith('10') ? 'PERSONA NATURAL CON NEGOCIO' : 'SOCIEDAD ANONIMA CERRADA',
      estado: t.estado ?? 'ACTIVO',
      condicion: t.condicion ?? 'HABIDO',
      departamento: t.nombreDepartamento,
      provincia: t.nombreProvincia,
      distrito: t.nombreDistrito,
      direccion: t.nombreCalle,
      direccion_completa: [t.nombreCalle, ...place].join(', '),
      ubigeo_sunat: '150101',
    };
    return { status: 200, body: { status: 200, success: true, message: OK, data } };
  };
}

export function handleCdrQuery(body: unknown, ctx: QueryContext): JsonAnswer {
  const parsed = CdrQueryRequestSchema.safeParse(body);
  if (!parsed.success) return errorAnswer(400, `Revise los datos enviados: ${describeIssues(parsed.error.issues, body)}`);
  const query = parsed.data;
  const registration = ctx.registry.get(documentKey(query.ruc, query.tipo_doc, query.serie, query.correlativo));
  if (!registration) return notFound(ctx, 'No se encontró el CDR del comprobante consultado');
  return { status: 200, body: { status: 200, message: OK, success: true, data: registration.cdrZip } };
}

const GUIDE_PATH = /^(\d{11})-(\d{2})-([A-Za-z0-9]{4})-(\d{1,8})$/;
const RECORD_PATH = /^(\d{11})-([A-Za-z0-9]{4})-(\d{1,8})$/;

function guideFor(param: string, ctx: QueryContext) {
  const m = GUIDE_PATH.exec(param);
  if (!m) return { error: errorAnswer(400, 'Parámetros de la guía no válidos: {ruc}-{tipo}-{serie}-{número}') };
  const [, ruc = '', type = '', series = '', number = ''] = m;
  const guide = ctx.fixtures.guides.get(`${ruc}-${type}-${series.toUpperCase()}-${normalizeNumber(number)}`);
  return guide ? { guide } : { error: notFound(ctx) };
}

export function handleGuideJson(param: string): (ctx: QueryContext) => JsonAnswer {
  return (ctx) => {
    const found = guideFor(param, ctx);
    if (!found.guide) return found.error;
    return { status: 200, body: { status: 200, message: OK, data: found.guide } };
  };
}

export function handleGuideXml(param: string): (ctx: QueryContext) => Promise<JsonAnswer> {
  return async (ctx) => {
    const found = guideFor(param, ctx);
    if (!found.guide) return found.error;
    return { status: 200, body: { status: 200, message: OK, data: await guideXmlZip(found.guide) } };
  };
}

export function handleRecord(docType: '01' | '03', param: string): (ctx: QueryContext) => JsonAnswer {
  return (ctx) => {
    const { registry, fixtures, variation } = ctx;
    const m = RECORD_PATH.exec(param);
    if (!m) return errorAnswer(400, 'Parámetros del comprobante no válidos: {ruc}-{serie}-{número}');
    const [, ruc = '', series = '', number = ''] = m;
    const key = documentKey(ruc, docType, series, number);
    const registration = registry.get(key);
    const found =
      registration?.status === 'accepted'
        ? invoiceToRecord(registration.invoice, taxpayerFor(ruc, fixtures.taxpayers))
        : fixtures.records.get(key);
    // A document voided here shows state 2 (anulado), as SUNAT's consulta does.
    const record = found && registry.voidOf(key) ? { ...found, indicadorEstado: '2' } : found;
    if (!record) return notFound(ctx);
    if (!variation) return { status: 200, body: { status: 200, message: OK, success: true, data: record } };
    const success = variation.recordSuccess() ? { success: true } : {}; // §2.8: documented, may be missing
    return { status: 200, body: { status: 200, message: OK, ...success, data: varyRecord(record, variation) } };
  };
}

/**
 * The day's exchange rate, in the real provider's shape (shared/api/exchange-rate.ts): `data{fecha, compra, venta}`.
 * Any well-formed date from 2000 on has the same published rates (the sandbox keeps no history); an earlier one has
 * none (404), a malformed one is refused (400), like the provider's required `fecha` parameter.
 */
export const SANDBOX_RATE = { compra: 3.742, venta: 3.751 } as const;

export function handleExchangeRate(day: string | null): (ctx: QueryContext) => JsonAnswer {
  return (ctx) => {
    if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T12:00:00Z`))) {
      return errorAnswer(400, 'La fecha debe tener el formato AAAA-MM-DD');
    }
    if (day < '2000-01-01') return notFound(ctx, 'No hay tipo de cambio para esa fecha');
    return { status: 200, body: { status: 200, success: true, message: 'Exito', data: { fecha: day, ...SANDBOX_RATE } } };
  };
}
