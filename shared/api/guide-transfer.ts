// The `traslado` (transfer) block of a transport guide, docs/api/invoicing-api.md §2.6.
// Response objects are not strict: unknown keys are ignored. Nullable fields also tolerate absence.
import { z } from 'zod';
import { nullableScalar, nullableText, unknownShape } from './common';

/** Element of `traslado.bien`. */
export const GuideGoodsItemSchema = z.object({
  numOrden: z.int(),
  indBienRegulado: z.string(),
  codBien: z.string(),
  desBien: z.string(),
  codUniMedida: z.string(),
  desUniMedida: z.string(),
  numCantidad: z.number(),
  indFrecuente: z.string(),
  codTipoDocumento: nullableText(),
  desCortaTipoDocumento: nullableText(),
  numSerie: nullableText(),
  numDocumento: nullableScalar(),
  numItem: nullableScalar(),
  codProductoAuth: nullableText(),
  codSubPartida: nullableText(),
  codGtin: nullableText(),
  docRelacionado: unknownShape(),
});
export type GuideGoodsItem = z.infer<typeof GuideGoodsItemSchema>;

/** Address block of `traslado.partida` (origin) and `traslado.llegada` (destination). */
export const GuideAddressSchema = z.object({
  indFrecuente: z.string(),
  direccion: z.object({
    codUbigeo: z.string(),
    desDepartamento: z.string(),
    desProvincia: z.string(),
    desDistrito: z.string(),
    desDireccion: z.string(),
    contribuyente: z.object({
      numEstablecimiento: z.int(),
      numRuc: nullableText(),
      desRuc: nullableText(),
    }),
    puerto: unknownShape(),
    numLatitud: nullableScalar(),
    numLongitud: nullableScalar(),
  }),
});
export type GuideAddress = z.infer<typeof GuideAddressSchema>;

/** Element of `traslado.vehiculo`. */
export const GuideVehicleSchema = z.object({
  indTipoVehiculo: z.string(),
  desTipoVehiculo: z.string(),
  numPlaca: z.string(),
  indTucChv: z.string(),
  indEncAuthNumTucChv: z.string(),
  indFrecuente: z.string(),
  indEncAuthNumPlaca: z.string(),
  numTucChv: nullableText(),
  autorizacion: unknownShape(),
});
export type GuideVehicle = z.infer<typeof GuideVehicleSchema>;

/** Element of `traslado.conductor`. */
export const GuideDriverSchema = z.object({
  indTipoOrden: z.string(),
  desTipoOrden: z.string(),
  codTipoDocIdentidad: z.string(),
  desTipoDocIdentidad: z.string(),
  numDocIdentidad: z.string(),
  numLicencia: z.string(),
  desNombre: z.string(),
  indFrecuente: z.string(),
  indEncAuthNumLicencia: z.string(),
  codEmisorLicencia: nullableText(),
});
export type GuideDriver = z.infer<typeof GuideDriverSchema>;

/** Identity of a party (receptor, comprador). Strings may be empty. */
export const GuidePartySchema = z.object({
  codTipoDocIdentidad: z.string(),
  desTipoDocIdentidad: z.string(),
  numDocIdentidad: z.string(),
  desNombre: z.string(),
  indFrecuente: z.string(),
});
export type GuideParty = z.infer<typeof GuidePartySchema>;

export const GuideTransferSchema = z.object({
  codMotivoTraslado: z.string(),
  desMotivoTraslado: z.string(),
  fecInicioTraslado: z.string(),
  indModalidadTraslado: z.string(),
  desModalidadTraslado: z.string(),
  indTrasladoVehiculo: z.string(),
  indTransbordo: z.string(),
  indRetornoVehicEnvEmbVacio: z.string(),
  indRetornoVehicVacio: z.string(),
  indPagadorFlete: z.string(),
  indTrasladoDua: z.string(),
  indTrasladoTotalBienes: z.string(),
  desTrasladoDua: z.string(),
  codUnidadMedidaPb: z.string(),
  numPesoBruto: z.number(),
  desSustentoPesoBrutoItemsSel: z.string(),
  bien: z.array(GuideGoodsItemSchema),
  partida: GuideAddressSchema,
  llegada: GuideAddressSchema,
  vehiculo: z.array(GuideVehicleSchema),
  conductor: z.array(GuideDriverSchema),
  comprador: GuidePartySchema,
  desMotivoTrasladoOtros: nullableText(),
  numPlacaVehiculo: nullableText(),
  fecEntrega: nullableText(),
  numBultosPallets: nullableScalar(),
  desBien: nullableText(),
  numPesoBrutoItemsSel: nullableScalar(),
  contenedores: unknownShape(),
  autorizacion: unknownShape(),
  pagadorFlete: unknownShape(),
  proveedor: unknownShape(),
  transportista: unknownShape(),
});
export type GuideTransfer = z.infer<typeof GuideTransferSchema>;
