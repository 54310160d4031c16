// Fictional transport guides (operations 4 and 5), in the exact shape of docs/api/invoicing-api.md §2.6.
// One active guide and one cancelled (codEstado '02' Baja, with its baja block).
import type { Guide } from '../../../shared/api';

interface GuideSpec {
  ruc: string;
  issuer: string;
  series: string;
  number: number;
  date: string; // yyyy-mm-dd
  receiverRuc: string;
  receiverName: string;
  goods: Array<{ code: string; description: string; unit: string; unitName: string; quantity: number }>;
  weightKg: number;
  baja?: { fecRegistro: string; codUsuario: string; codMotivo: string; desMotivo: string };
}

function address(ubigeo: string, dep: string, prov: string, dist: string, street: string) {
  return {
    indFrecuente: '0',
    direccion: {
      codUbigeo: ubigeo,
      desDepartamento: dep,
      desProvincia: prov,
      desDistrito: dist,
      desDireccion: street,
      contribuyente: { numEstablecimiento: 0, numRuc: null, desRuc: null },
      puerto: null,
      numLatitud: null,
      numLongitud: null,
    },
  };
}

function guide(spec: GuideSpec): Guide {
  const id = `${spec.ruc}-09-${spec.series}-${spec.number}`;
  const stamp = `${spec.date}T09:15:00`;
  const cancelled = spec.baja !== undefined;
  return {
    id,
    codCpe: '09',
    numRuc: spec.ruc,
    codTipoCpe: '09',
    numSerie: spec.series,
    numCpe: spec.number,
    codEstado: cancelled ? '02' : '01',
    desEstado: cancelled ? 'Baja' : 'Activo',
    desTipoCpe: 'GUIA DE REMISION REMITENTE',
    emision: {
      fecEmision: stamp,
      indSEE: '0',
      indOrigen: '1',
      desHashQr: 'q2bM5kR0dGVzdC1oYXNoLXFyLWRlbW8=',
      desQr: `https://e-factura.sunat.gob.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=demo-${spec.series}-${spec.number}`,
      numFecEmision: Number(spec.date.replaceAll('-', '')),
      numRangoHora: 9,
      firma: { idCertificado: 'DEMO-CERT-0001', digestValue: 'ZGVtby1kaWdlc3QtdmFsdWUtMDAwMQ==', fecFirma: null },
      desNota: null,
      receptorObs: null,
      pse: null,
      numIpCliente: null,
    },
    emisor: {
      desNombre: spec.issuer,
      indSubContratacion: '0',
      numAutorizacionMtc: null,
      indEncAuthNumAutorizacionMtc: null,
      autorizacion: null,
      subContratador: null,
    },
    traslado: {
      codMotivoTraslado: '01',
      desMotivoTraslado: 'VENTA',
      fecInicioTraslado: spec.date,
      indModalidadTraslado: '02',
      desModalidadTraslado: 'TRANSPORTE PRIVADO',
      indTrasladoVehiculo: '0',
      indTransbordo: '0',
      indRetornoVehicEnvEmbVacio: '0',
      indRetornoVehicVacio: '0',
      indPagadorFlete: '0',
      indTrasladoDua: '0',
      indTrasladoTotalBienes: '0',
      desTrasladoDua: '',
      codUnidadMedidaPb: 'KGM',
      numPesoBruto: spec.weightKg,
      desSustentoPesoBrutoItemsSel: '',
      bien: spec.goods.map((g, i) => ({
        numOrden: i + 1,
        indBienRegulado: '0',
        codBien: g.code,
        desBien: g.description,
        codUniMedida: g.unit,
        desUniMedida: g.unitName,
        numCantidad: g.quantity,
        indFrecuente: '0',
        codTipoDocumento: null,
        desCortaTipoDocumento: null,
        numSerie: null,
        numDocumento: null,
        numItem: null,
        codProductoAuth: null,
        codSubPartida: null,
        codGtin: null,
        docRelacionado: null,
      })),
      partida: address('150101', 'LIMA', 'LIMA', 'LIMA', 'AV. PRINCIPAL 100'),
      llegada: address('040101', 'AREQUIPA', 'AREQUIPA', 'AREQUIPA', 'JR. COMERCIO 250'),
      vehiculo: [
        {
          indTipoVehiculo: '1',
          desTipoVehiculo: 'PRINCIPAL',
          numPlaca: 'ABC123',
          indTucChv: '0',
          indEncAuthNumTucChv: '0',
          indFrecuente: '0',
          indEncAuthNumPlaca: '0',
          numTucChv: null,
          autorizacion: null,
        },
      ],
      conductor: [
        {
          indTipoOrden: '1',
          desTipoOrden: 'PRINCIPAL',
          codTipoDocIdentidad: '1',
          desTipoDocIdentidad: 'DNI',
          numDocIdentidad: '10000004',
          numLicencia: 'Q10000004',
          desNombre: 'TORRES VARGAS LUIS ALBERTO',
          indFrecuente: '0',
          indEncAuthNumLicencia: '0',
          codEmisorLicencia: null,
        },
      ],
      comprador: { codTipoDocIdentidad: '', desTipoDocIdentidad: '', numDocIdentidad: '', desNombre: '', indFrecuente: '' },
      desMotivoTrasladoOtros: null,
      numPlacaVehiculo: null,
      fecEntrega: null,
      numBultosPallets: null,
      desBien: null,
      numPesoBrutoItemsSel: null,
      contenedores: null,
      autorizacion: null,
      pagadorFlete: null,
      proveedor: null,
      transportista: null,
    },
    receptor: {
      codTipoDocIdentidad: '6',
      desTipoDocIdentidad: 'RUC',
      numDocIdentidad: spec.receiverRuc,
      desNombre: spec.receiverName,
      indFrecuente: '0',
    },
    baja: spec.baja ?? null,
    auditoria: {
      codUsuRegis: 'DEMOUSER',
      fecRegis: stamp,
      codUsuModif: 'DEMOUSER',
      fecModif: spec.baja?.fecRegistro ?? stamp,
      numSchemaVersion: '1',
    },
    cantidad: null,
    observacion: null,
    remitente: null,
    docRelacionado: null,
    docGrePorEvento: null,
    noConformidad: null,
  };
}

export const SEED_GUIDES: Guide[] = [
  guide({
    ruc: '20100000009',
    issuer: 'BODEGA DEMO CAJA S.A.C.',
    series: 'T001',
    number: 15,
    date: '2025-03-10',
    receiverRuc: '20200000006',
    receiverName: 'DISTRIBUIDORA ANDINA DEMO S.A.',
    goods: [
      { code: 'ARROZ50', description: 'ARROZ EXTRA SACO 50 KG', unit: 'NIU', unitName: 'UNIDAD', quantity: 2 },
      { code: 'ACEITE1L', description: 'ACEITE VEGETAL 1 L', unit: 'NIU', unitName: 'UNIDAD', quantity: 12 },
    ],
    weightKg: 112.5,
  }),
  guide({
    ruc: '20200000006',
    issuer: 'DISTRIBUIDORA ANDINA DEMO S.A.',
    series: 'T002',
    number: 7,
    date: '2025-02-20',
    receiverRuc: '20100000009',
    receiverName: 'BODEGA DEMO CAJA S.A.C.',
    goods: [{ code: 'AZUCAR50', description: 'AZUCAR RUBIA SACO 50 KG', unit: 'NIU', unitName: 'UNIDAD', quantity: 4 }],
    weightKg: 201,
    baja: {
      fecRegistro: '2025-02-21T11:40:00',
      codUsuario: 'DEMOUSER',
      codMotivo: '01',
      desMotivo: 'ERROR EN LOS DATOS DEL DESTINATARIO',
    },
  }),
];

export function guideKey(guide: Guide): string {
  return `${guide.numRuc}-${guide.codTipoCpe}-${guide.numSerie.toUpperCase()}-${guide.numCpe}`;
}
