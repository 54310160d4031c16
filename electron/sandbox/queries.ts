// Operations 2 to 7: DNI, CDR download, guide JSON/XML, boleta/factura record lookups.
//
// Choices where the API doc is silent (documented for the client):
//  - A malformed path parameter (DNI not 8 digits, RUC not 11 digits, bad series/number) -> 400 error body.
//  - Nothing found (unknown DNI, CDR, guide or record) -> 404 { status: 404, success: false, message }.
//  - CDR query: the seven body fields are required non-empty strings, no other field allowed (400 otherwise);
//    the portal credentials are not checked and never logged; the CDR of a rejected document is returned too;
//    a document never registered (or answered with an exception, which has no CDR) -> 404.
//  - Lookups 6/7 return documents the sandbox ACCEPTED (code 0 or >= 4000) plus the seeded records.
import { CdrQueryRequestSchema } from '../../shared/api';
import { isValidDni, isValidRuc } from '../../shared/ids';
import { documentKey, normalizeNumber } from './canonical';
import { guideXmlZip } from './guide-xml';
import { errorAnswer, type JsonAnswer } from './http';
import { invoiceToRecord } from './records';
import type { Registry } from './registry';
import type { Fixtures } from './seed';
import { taxpayerFor } from './seed/taxpayers';
import { describeIssues } from './issues';

export interface QueryContext {
  registry: Registry;
  fixtures: Fixtures;
}

const OK = 'Consulta realizada correctamente';
const NOT_FOUND = 'No se encontraron resultados';

export function handleDni(dni: string): (ctx: QueryContext) => JsonAnswer {
  return ({ fixtures }) => {
    if (!isValidDni(dni)) return errorAnswer(400, 'El DNI debe tener 8 dígitos numéricos');
    const citizen = fixtures.citizens.get(dni);
    if (!citizen) return errorAnswer(404, NOT_FOUND);
    return { status: 200, body: { status: 200, success: true, message: OK, data: citizen } };
  };
}

/** RUC lookup, in the real provider's shape (shared/api/ruc.ts): only the seeded taxpayers are known. */
export function handleRuc(ruc: string): (ctx: QueryContext) => JsonAnswer {
  return ({ fixtures }) => {
    if (!isValidRuc(ruc)) return errorAnswer(400, 'El RUC debe tener 11 dígitos y un dígito verificador válido');
    const t = fixtures.taxpayers.get(ruc);
    if (!t) return errorAnswer(404, NOT_FOUND);
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

export function handleCdrQuery(body: unknown, { registry }: QueryContext): JsonAnswer {
  const parsed = CdrQueryRequestSchema.safeParse(body);
  if (!parsed.success) return errorAnswer(400, `Revise los datos enviados: ${describeIssues(parsed.error.issues, body)}`);
  const query = parsed.data;
  const registration = registry.get(documentKey(query.ruc, query.tipo_doc, query.serie, query.correlativo));
  if (!registration) return errorAnswer(404, 'No se encontró el CDR del comprobante consultado');
  return { status: 200, body: { status: 200, message: OK, success: true, data: registration.cdrZip } };
}

const GUIDE_PATH = /^(\d{11})-(\d{2})-([A-Za-z0-9]{4})-(\d{1,8})$/;
const RECORD_PATH = /^(\d{11})-([A-Za-z0-9]{4})-(\d{1,8})$/;

function guideFor(param: string, fixtures: Fixtures) {
  const m = GUIDE_PATH.exec(param);
  if (!m) return { error: errorAnswer(400, 'Parámetros de la guía no válidos: {ruc}-{tipo}-{serie}-{número}') };
  const [, ruc = '', type = '', series = '', number = ''] = m;
  const guide = fixtures.guides.get(`${ruc}-${type}-${series.toUpperCase()}-${normalizeNumber(number)}`);
  return guide ? { guide } : { error: errorAnswer(404, NOT_FOUND) };
}

export function handleGuideJson(param: string): (ctx: QueryContext) => JsonAnswer {
  return ({ fixtures }) => {
    const found = guideFor(param, fixtures);
    if (!found.guide) return found.error;
    return { status: 200, body: { status: 200, message: OK, data: found.guide } };
  };
}

export function handleGuideXml(param: string): (ctx: QueryContext) => Promise<JsonAnswer> {
  return async ({ fixtures }) => {
    const found = guideFor(param, fixtures);
    if (!found.guide) return found.error;
    return { status: 200, body: { status: 200, message: OK, data: await guideXmlZip(found.guide) } };
  };
}

export function handleRecord(docType: '01' | '03', param: string): (ctx: QueryContext) => JsonAnswer {
  return ({ registry, fixtures }) => {
    const m = RECORD_PATH.exec(param);
    if (!m) return errorAnswer(400, 'Parámetros del comprobante no válidos: {ruc}-{serie}-{número}');
    const [, ruc = '', series = '', number = ''] = m;
    const key = documentKey(ruc, docType, series, number);
    const registration = registry.get(key);
    const record =
      registration?.status === 'accepted'
        ? invoiceToRecord(registration.invoice, taxpayerFor(ruc, fixtures.taxpayers))
        : fixtures.records.get(key);
    if (!record) return errorAnswer(404, NOT_FOUND);
    return { status: 200, body: { status: 200, message: OK, success: true, data: record } };
  };
}
