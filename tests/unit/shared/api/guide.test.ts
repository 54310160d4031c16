import { describe, expect, it } from 'vitest';
import { GuideResponseSchema } from '../../../../shared/api';
import { guideResponse } from './fixtures';

type Json = Record<string, unknown>;
const copy = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

/** Sets (or, with `undefined`, deletes) the value at a dotted path; numeric segments index arrays. */
function setAt(body: Json, path: string, value: unknown): Json {
  const keys = path.split('.');
  const last = keys.pop() as string;
  const parent = keys.reduce((node, key) => node[key] as Json, body);
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return body;
}
const parses = (body: unknown) => GuideResponseSchema.safeParse(body).success;

const NULLABLE = [
  'data.emision.firma.fecFirma', 'data.emision.desNota', 'data.emision.receptorObs', 'data.emision.pse',
  'data.emision.numIpCliente', 'data.emisor.numAutorizacionMtc', 'data.emisor.indEncAuthNumAutorizacionMtc',
  'data.emisor.autorizacion', 'data.emisor.subContratador', 'data.traslado.bien.0.codTipoDocumento',
  'data.traslado.bien.0.desCortaTipoDocumento', 'data.traslado.bien.0.numSerie', 'data.traslado.bien.0.numDocumento',
  'data.traslado.bien.0.numItem', 'data.traslado.bien.0.codProductoAuth', 'data.traslado.bien.0.codSubPartida',
  'data.traslado.bien.0.codGtin', 'data.traslado.bien.0.docRelacionado', 'data.traslado.partida.direccion.contribuyente.numRuc',
  'data.traslado.partida.direccion.contribuyente.desRuc', 'data.traslado.partida.direccion.puerto',
  'data.traslado.llegada.direccion.numLatitud', 'data.traslado.llegada.direccion.numLongitud',
  'data.traslado.vehiculo.0.numTucChv', 'data.traslado.vehiculo.0.autorizacion', 'data.traslado.conductor.0.codEmisorLicencia',
  'data.traslado.desMotivoTrasladoOtros', 'data.traslado.numPlacaVehiculo', 'data.traslado.fecEntrega',
  'data.traslado.numBultosPallets', 'data.traslado.desBien', 'data.traslado.numPesoBrutoItemsSel',
  'data.traslado.contenedores', 'data.traslado.autorizacion', 'data.traslado.pagadorFlete', 'data.traslado.proveedor',
  'data.traslado.transportista', 'data.baja', 'data.cantidad', 'data.observacion', 'data.remitente',
  'data.docRelacionado', 'data.docGrePorEvento', 'data.noConformidad',
];

const REQUIRED = [
  'status', 'message', 'data', 'data.id', 'data.codCpe', 'data.numRuc', 'data.codTipoCpe', 'data.numSerie', 'data.numCpe',
  'data.codEstado', 'data.desEstado', 'data.desTipoCpe', 'data.emision', 'data.emisor', 'data.traslado', 'data.receptor',
  'data.auditoria', 'data.emision.fecEmision', 'data.emision.numFecEmision', 'data.emision.firma.digestValue',
  'data.emisor.desNombre', 'data.traslado.bien', 'data.traslado.bien.0.desBien', 'data.traslado.bien.0.numCantidad',
  'data.traslado.partida', 'data.traslado.llegada.direccion.codUbigeo',
  'data.traslado.llegada.direccion.contribuyente.numEstablecimiento', 'data.traslado.vehiculo.0.numPlaca',
  'data.traslado.conductor.0.numLicencia', 'data.traslado.comprador', 'data.traslado.numPesoBruto',
  'data.receptor.numDocIdentidad', 'data.baja.desMotivo', 'data.auditoria.numSchemaVersion',
];

describe('GuideResponseSchema: accepted', () => {
  it('accepts the full documented shape without a success field', () => {
    expect(guideResponse).not.toHaveProperty('success');
    expect(GuideResponseSchema.parse(copy(guideResponse))).toEqual(guideResponse);
  });

  it('accepts a success field when the server sends one', () => {
    expect(parses({ ...guideResponse, success: true })).toBe(true);
  });

  it.each(NULLABLE)('accepts %s as null and absent', (path) => {
    expect(parses(setAt(copy(guideResponse), path, null))).toBe(true);
    expect(parses(setAt(copy(guideResponse), path, undefined))).toBe(true);
  });

  it('accepts values in fields that are null in the known shape', () => {
    const body = copy(guideResponse);
    setAt(body, 'data.traslado.transportista', { numRuc: '20131312955', desRazonSocial: 'TRANSPORTES X' });
    setAt(body, 'data.observacion', 'ENTREGA EN HORARIO DE MANANA');
    setAt(body, 'data.traslado.numBultosPallets', 3);
    setAt(body, 'data.emision.desNota', 'NOTA');
    expect(parses(body)).toBe(true);
  });

  it('ignores fields it does not know at every level', () => {
    const body = copy(guideResponse);
    setAt(body, 'data.nuevoCampo', 'x');
    setAt(body, 'data.traslado.bien.0.indNuevo', '1');
    const parsed = GuideResponseSchema.parse(body);
    expect(parsed.data).not.toHaveProperty('nuevoCampo');
    expect(parsed.data.traslado.bien[0]).not.toHaveProperty('indNuevo');
  });

  it('accepts empty vehicle and driver lists and an empty buyer', () => {
    const body = copy(guideResponse);
    setAt(body, 'data.traslado.vehiculo', []);
    setAt(body, 'data.traslado.conductor', []);
    expect(parses(body)).toBe(true);
  });
});

describe('GuideResponseSchema: rejected', () => {
  it.each(REQUIRED)('rejects a guide without %s', (path) => {
    const result = GuideResponseSchema.safeParse(setAt(copy(guideResponse), path, undefined));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([path]);
  });

  it.each([
    ['data.numCpe', 348.5],
    ['data.numCpe', '348'],
    ['data.emision.numFecEmision', '20260220'],
    ['data.emision.numRangoHora', 8.5],
    ['data.traslado.numPesoBruto', '1262.5'],
    ['data.traslado.bien.0.numOrden', 1.5],
    ['data.traslado.bien.0.numCantidad', '25'],
    ['data.traslado.bien', {}],
    ['data.traslado.vehiculo', null],
    ['data.traslado.llegada.direccion.contribuyente.numEstablecimiento', '0000'],
    ['data.traslado.llegada.direccion.contribuyente.numRuc', 20615379400],
    ['data.traslado.comprador.desNombre', null],
    ['data.receptor.desNombre', 42],
    ['data.baja', 'BAJA'],
    ['data.emision.desNota', { texto: 'x' }],
    ['data.auditoria', null],
    ['status', '200'],
    ['message', null],
  ])('rejects %s = %j', (path, value) => {
    const result = GuideResponseSchema.safeParse(setAt(copy(guideResponse), path, value));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([path]);
  });
});
