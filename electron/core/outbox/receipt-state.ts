// What the record's `indicadorEstado` says about a document.
//
// The record comes from SUNAT's "consulta integrada de comprobantes de pago", whose state code (estadoCp) takes
// these values: 0 NO EXISTE (not reported to SUNAT), 1 ACEPTADO, 2 ANULADO (voided by a "comunicación de baja"),
// 3 AUTORIZADO (pre-printed, authorised by the printer), 4 NO AUTORIZADO. Source: SUNAT, "Manual de Consulta
// Integrada de Comprobante de Pago por ServicioWeb" (API "validarComprobante", field estadoCp), as published at
// https://www.sunat.gob.pe/ (Consulta Integrada de Validez). Only "1" means an accepted electronic document.

export type ReceiptState = 'accepted' | 'not_reported' | 'voided' | 'unknown';

export function receiptStateOf(indicadorEstado: string): ReceiptState {
  switch (indicadorEstado.trim().toUpperCase()) {
    case '1':
    case 'ACEPTADO':
      return 'accepted';
    case '0':
    case 'NO EXISTE':
      return 'not_reported';
    case '2':
    case 'ANULADO':
      return 'voided';
    default:
      return 'unknown';
  }
}

export const RECEIPT_STATE_TEXT: Record<ReceiptState, string> = {
  accepted: 'aceptado',
  not_reported: 'no figura como válido (estado 0: no existe o fue rechazado)',
  voided: 'anulado (comunicación de baja)',
  unknown: 'en un estado no reconocido',
};
