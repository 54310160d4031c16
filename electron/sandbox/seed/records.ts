// Receipts/invoices the "authority" already knows before anything is sent (lookups 6 and 7 work at once).
// Written as invoice payloads of the seeded issuers and converted like any accepted document.
import type { Invoice, ReceiptRecord } from '../../../shared/api';
import { invoiceToRecord } from '../records';
import { SEED_TAXPAYERS } from './taxpayers';

const boleta: Invoice = {
  tipo_Operacion: '0101',
  tipo_Doc: '03',
  serie: 'B001',
  correlativo: '120',
  tipo_Moneda: 'PEN',
  fecha_Emision: '2025-03-01T10:30:00-05:00',
  empresa_Ruc: '20100000009',
  cliente_Tipo_Doc: '1',
  cliente_Num_Doc: '10000001',
  cliente_Razon_Social: 'QUISPE HUAMAN ROSA ELENA',
  cliente_Direccion: 'AV. LOS PINOS 123',
  monto_Oper_Gravadas: 100,
  monto_Igv: 18,
  total_Impuestos: 18,
  valor_Venta: 100,
  sub_Total: 118,
  monto_Imp_Venta: 118,
  estado_Documento: '0',
  manual: false,
  detalle: [
    {
      unidad: 'NIU',
      cantidad: 2,
      cod_Producto: 'ACEITE1L',
      descripcion: 'ACEITE VEGETAL 1 L',
      monto_Valor_Unitario: 50,
      monto_Base_Igv: 100,
      porcentaje_Igv: 18,
      igv: 18,
      tip_Afe_Igv: '10',
      total_Impuestos: 18,
      monto_Precio_Unitario: 59,
      monto_Valor_Venta: 100,
    },
  ],
  forma_pago: [{ tipo: 'CONTADO', monto: 118, fecha_Pago: '2025-03-01T10:30:00-05:00' }],
  legend: [{ legend_Code: '1000', legend_Value: 'SON CIENTO DIECIOCHO CON 00/100 SOLES' }],
};

const factura: Invoice = {
  ...boleta,
  tipo_Doc: '01',
  serie: 'F001',
  correlativo: '45',
  fecha_Emision: '2025-03-02T16:05:00-05:00',
  cliente_Tipo_Doc: '6',
  cliente_Num_Doc: '20200000006',
  cliente_Razon_Social: 'DISTRIBUIDORA ANDINA DEMO S.A.',
  cliente_Direccion: 'JR. COMERCIO 250, AREQUIPA',
  monto_Oper_Gravadas: 300,
  monto_Igv: 54,
  total_Impuestos: 54,
  valor_Venta: 300,
  sub_Total: 354,
  monto_Imp_Venta: 354,
  detalle: [
    {
      unidad: 'NIU',
      cantidad: 3,
      cod_Producto: 'ARROZ50',
      descripcion: 'ARROZ EXTRA SACO 50 KG',
      monto_Valor_Unitario: 100,
      monto_Base_Igv: 300,
      porcentaje_Igv: 18,
      igv: 54,
      tip_Afe_Igv: '10',
      total_Impuestos: 54,
      monto_Precio_Unitario: 118,
      monto_Valor_Venta: 300,
    },
  ],
  forma_pago: [
    { tipo: 'CREDITO', monto: 354, cuota: 1, fecha_Pago: '2025-04-01T00:00:00-05:00' },
  ],
  legend: [{ legend_Code: '1000', legend_Value: 'SON TRESCIENTOS CINCUENTA Y CUATRO CON 00/100 SOLES' }],
};

const issuer = SEED_TAXPAYERS[0];
if (!issuer) throw new Error('seed taxpayers missing');

export const SEED_RECORDS: ReceiptRecord[] = [invoiceToRecord(boleta, issuer), invoiceToRecord(factura, issuer)];
