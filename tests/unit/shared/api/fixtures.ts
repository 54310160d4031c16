// Realistic example bodies for every resource of the invoicing API (fictional people and companies;
// every RUC below has a valid check digit). Reused by the sandbox server tests, so keep them complete.
import type {
  DniResponse,
  ErrorBody,
  GuideXmlResponse,
  Invoice,
  SendResult,
  CdrQueryRequest,
  CdrQueryResponse,
} from '../../../../shared/api';

export { guideResponse, receiptRecordResponse } from './fixtures-query';

/** Issuer of the sale documents: Bodega Don Lucho S.A.C. */
export const ISSUER_RUC = '20604827133';
/** Corporate customer of the factura: Distribuidora Andina del Sur S.R.L. */
export const CUSTOMER_RUC = '20558934108';
/** Supplier that issued the transport guide: Molinos del Altiplano S.A.C. */
export const SUPPLIER_RUC = '20615379400';

/**
 * Boleta B001-125 for a customer with DNI, paid in cash, 18 % IGV, 2026 ICBPER rate 0.50:
 * - 2 × aceite 9.50 incl. IGV (gravado 10): total 19.00 → value 16.10, IGV 2.90;
 * - 1.5 kg papa amarilla 4.20/kg (exonerado 20): 6.30;
 * - 2 bolsas 0.10 incl. IGV (gravado 10): total 0.20 → value 0.17, IGV 0.03, ICBPER 2 × 0.50 = 1.00.
 * Totals: gravadas 16.27, exoneradas 6.30, IGV 2.93, taxes 3.93, value 22.57, payable 26.50.
 */
export const boletaInvoice: Invoice = {
  tipo_Operacion: '0101',
  tipo_Doc: '03',
  serie: 'B001',
  correlativo: '125',
  tipo_Moneda: 'PEN',
  fecha_Emision: '2026-03-02T10:15:00-05:00',
  empresa_Ruc: ISSUER_RUC,
  cliente_Tipo_Doc: '1',
  cliente_Num_Doc: '45871236',
  cliente_Razon_Social: 'LUCIA FERNANDA MAMANI CONDORI',
  cliente_Direccion: 'JR. LAMPA 412, PUNO - PUNO - PUNO',
  monto_Oper_Gravadas: 16.27,
  monto_Igv: 2.93,
  total_Impuestos: 3.93,
  valor_Venta: 22.57,
  sub_Total: 26.5,
  monto_Imp_Venta: 26.5,
  monto_Oper_Exoneradas: 6.3,
  estado_Documento: '0',
  manual: false,
  id_Base_Dato: '3f6c2a9e-5b1d-4c7a-9e2f-8d4b1a6c0e57',
  detalle: [
    {
      unidad: 'NIU',
      cantidad: 2,
      cod_Producto: 'ACE-001',
      descripcion: 'ACEITE VEGETAL PRIMOR 1 L',
      monto_Valor_Unitario: 8.05,
      monto_Base_Igv: 16.1,
      porcentaje_Igv: 18,
      igv: 2.9,
      tip_Afe_Igv: '10',
      total_Impuestos: 2.9,
      monto_Precio_Unitario: 9.5,
      monto_Valor_Venta: 16.1,
    },
    {
      unidad: 'KGM',
      cantidad: 1.5,
      cod_Producto: 'PAP-010',
      descripcion: 'PAPA AMARILLA A GRANEL',
      monto_Valor_Unitario: 4.2,
      monto_Base_Igv: 6.3,
      porcentaje_Igv: 0,
      igv: 0,
      tip_Afe_Igv: '20',
      total_Impuestos: 0,
      monto_Precio_Unitario: 4.2,
      monto_Valor_Venta: 6.3,
    },
    {
      unidad: 'NIU',
      cantidad: 2,
      cod_Producto: 'BOL-001',
      descripcion: 'BOLSA PLASTICA MEDIANA',
      monto_Valor_Unitario: 0.085,
      monto_Base_Igv: 0.17,
      porcentaje_Igv: 18,
      igv: 0.03,
      tip_Afe_Igv: '10',
      total_Impuestos: 1.03,
      monto_Precio_Unitario: 0.1,
      monto_Valor_Venta: 0.17,
      factor_Icbper: 0.5,
    },
  ],
  forma_pago: [{ tipo: 'CONTADO', monto: 26.5, fecha_Pago: '2026-03-02T10:15:00-05:00' }],
  legend: [{ legend_Code: '1000', legend_Value: 'SON VEINTISEIS CON 50/100 SOLES' }],
};

/**
 * Factura F001-58 on credit to a company, two instalments:
 * - 10 × gaseosa 3 L 11.80 incl. IGV: total 118.00 → value 100.00, IGV 18.00;
 * - 5 × detergente 2 kg 25.96 incl. IGV: total 129.80 → value 110.00, IGV 19.80.
 * Totals: gravadas 210.00, IGV 37.80, payable 247.80 = cuota 1 (123.90, 2026-03-17) + cuota 2 (123.90, 2026-04-01).
 * Assumption: one forma_pago entry per instalment, tipo CREDITO, cuota numbered from 1.
 */
export const facturaCreditInvoice: Invoice = {
  tipo_Operacion: '0101',
  tipo_Doc: '01',
  serie: 'F001',
  correlativo: '58',
  tipo_Moneda: 'PEN',
  fecha_Emision: '2026-03-02T16:40:12-05:00',
  empresa_Ruc: ISSUER_RUC,
  cliente_Tipo_Doc: '6',
  cliente_Num_Doc: CUSTOMER_RUC,
  cliente_Razon_Social: 'DISTRIBUIDORA ANDINA DEL SUR S.R.L.',
  cliente_Direccion: 'AV. EJERCITO 1150, CAYMA, AREQUIPA',
  monto_Oper_Gravadas: 210,
  monto_Igv: 37.8,
  total_Impuestos: 37.8,
  valor_Venta: 210,
  sub_Total: 247.8,
  monto_Imp_Venta: 247.8,
  estado_Documento: '0',
  manual: false,
  id_Base_Dato: 'b2e0d6a4-91c3-4f5e-8a7b-2c9d0e1f3a46',
  detalle: [
    {
      unidad: 'NIU',
      cantidad: 10,
      cod_Producto: 'GAS-003',
      descripcion: 'GASEOSA SABOR COLA 3 L',
      monto_Valor_Unitario: 10,
      monto_Base_Igv: 100,
      porcentaje_Igv: 18,
      igv: 18,
      tip_Afe_Igv: '10',
      total_Impuestos: 18,
      monto_Precio_Unitario: 11.8,
      monto_Valor_Venta: 100,
    },
    {
      unidad: 'NIU',
      cantidad: 5,
      cod_Producto: 'DET-020',
      descripcion: 'DETERGENTE EN POLVO 2 KG',
      monto_Valor_Unitario: 22,
      monto_Base_Igv: 110,
      porcentaje_Igv: 18,
      igv: 19.8,
      tip_Afe_Igv: '10',
      total_Impuestos: 19.8,
      monto_Precio_Unitario: 25.96,
      monto_Valor_Venta: 110,
    },
  ],
  forma_pago: [
    { tipo: 'CREDITO', monto: 123.9, cuota: 1, fecha_Pago: '2026-03-17T00:00:00-05:00' },
    { tipo: 'CREDITO', monto: 123.9, cuota: 2, fecha_Pago: '2026-04-01T00:00:00-05:00' },
  ],
  legend: [{ legend_Code: '1000', legend_Value: 'SON DOSCIENTOS CUARENTA Y SIETE CON 80/100 SOLES' }],
};

/**
 * A real zip (DEFLATE) holding R-20604827133-03-B001-125.xml, a minimal acceptance ApplicationResponse
 * (ResponseCode 0, ReferenceID B001-125), as the CDR of `boletaInvoice`.
 */
export const CDR_ZIP_BASE64 =
  'UEsDBAoAAAAIAI8qdV3cKzX0nQEAAIcEAAAdAAAAUi0yMDYwNDgyNzEzMy0wMy1CMDAxLTEyNS54bWydlMtugzAQRff9Cot1CTaUPixClIcqReqiapvuHTNJLAUb2RCl/fq6TiCQUqmp2NgzZ+7MXATJaJ9v0Q60EUoOPTLAHgLJVSbkeugt3h79e2+UXiVM03FRbAVnpQVfwBRKGkC2WBrK9NCrtKSKGWGoZDkYagrgYnXkabXcUsM3kDO6N1mflB96RzXO+IVyU5XnSo7Xaw1rVoK9WkmQpWmJLv8nOrE47wimidWii8nT+8G0+SwNBzgJfkQdN61MqXLx6VrYIKnR84Sjv7VweIsjHBJM4giTA9zkjalgZld0mI8jH4dHosmcwDeRQ0owJTGNcAtzcYfV5vdKdpIdvEe4k0rsK6SvIDPQz0yXH4eAO84za2PjeWtrEtknfIjj08bBr1VBb4MX4CB2F/S8xTf34R2Joj/37GkxU7zKLVo7UM/S3Jw7K9D2swLbYoIx8UkY176dMh2PpyqD9MxcF3PUDAzXonCTPTE0UVsoGZJ2EK1Q3eEabRgyIlOIcShKlrGDXLu4Xqs9+2mj42yNZd3ZG796CoJ+a4L+/0j6BVBLAQIUAAoAAAAIAI8qdV3cKzX0nQEAAIcEAAAdAAAAAAAAAAAAAAAAAAAAAABSLTIwNjA0ODI3MTMzLTAzLUIwMDEtMTI1LnhtbFBLBQYAAAAAAQABAEsAAADYAQAAAAA=';

/** 200 answer to sending `boletaInvoice`: accepted, no observations. */
export const sendResultAccepted: SendResult = {
  status: 200,
  success: true,
  message: 'Comprobante enviado correctamente',
  data: {
    hash: 'yQ1vC8pM7gq2m0r0Vb0nW8cK3rY=',
    authorityResponse: {
      success: true,
      cdrZip: CDR_ZIP_BASE64,
      cdrResponse: {
        id: 'B001-125',
        code: '0',
        description: 'La Boleta numero B001-125, ha sido aceptada',
        notes: [],
      },
    },
  },
};

/** 400 answer of the send operation. */
export const errorBody: ErrorBody = {
  status: 400,
  success: false,
  message: 'Error al enviar el comprobante, revise los datos enviados',
};

/** Citizen record of the (fictional) boleta customer. */
export const dniResponse: DniResponse = {
  status: 200,
  success: true,
  message: 'Exito',
  data: {
    numero: '45871236',
    nombres: 'LUCIA FERNANDA',
    apellido_paterno: 'MAMANI',
    apellido_materno: 'CONDORI',
    nombre_completo: 'MAMANI CONDORI LUCIA FERNANDA',
    departamento: 'PUNO',
    provincia: 'PUNO',
    distrito: 'PUNO',
    direccion: 'JR. LAMPA 412',
    direccion_completa: 'JR. LAMPA 412, PUNO - PUNO - PUNO',
    ubigeo_registry: '200101',
    ubigeo_tax: '210101',
    ubigeo: ['21', '2101', '210101'],
    fecha_nacimiento: '14/07/1991',
    sexo: 'FEMENINO',
  },
};

/** CDR download request for `boletaInvoice` (portal credentials are placeholders). */
export const cdrQueryRequest: CdrQueryRequest = {
  ruc: ISSUER_RUC,
  usuario: 'PORTALUSR',
  password: 'portal-password',
  proveedor: '20131312955',
  tipo_doc: '03',
  serie: 'B001',
  correlativo: '125',
};

export const cdrQueryResponse: CdrQueryResponse = {
  status: 200,
  message: 'Exito',
  success: true,
  data: CDR_ZIP_BASE64,
};

/** A real zip (DEFLATE) holding 20615379400-09-T001-348.xml, a minimal DespatchAdvice. */
export const GUIDE_XML_ZIP_BASE64 =
  'UEsDBAoAAAAIAI8qdV0kh5ZE7QAAANkBAAAbAAAAMjA2MTUzNzk0MDAtMDktVDAwMS0zNDgueG1slZDBTsMwDIbvPEWVe7c0Q6hYaSbWCgmJY8c9Sw2LtCTV3E6DpydKEaMgDjvZ8v/5sxK5PrtDdsIj2eArViw4y9Cb0Fn/VrFt+5iXbK1uZIPU68HsH7qTNZjFJU8VG48egiZL4LVDAurR2Fdr9BBtMO4OQGaPTsOZOpgrcsEmC5idudJUB+eC30TcxLYPHv1AUahkdMF28/wyveepUWJRyOWfaeLqkYbg7Ec6kVA+ob+DRMfacl7kq9tyor4DohEbPaASXNzlXOTiy3NJLmBrHSpewooD/4mlecLm39S+91iHLu7cT/Q/sVzOA/UJUEsBAhQACgAAAAgAjyp1XSSHlkTtAAAA2QEAABsAAAAAAAAAAAAAAAAAAAAAADIwNjE1Mzc5NDAwLTA5LVQwMDEtMzQ4LnhtbFBLBQYAAAAAAQABAEkAAAAmAQAAAAA=';

export const guideXmlResponse: GuideXmlResponse = {
  status: 200,
  message: 'Exito',
  data: GUIDE_XML_ZIP_BASE64,
};
