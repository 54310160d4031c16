// Fictional issuers: the record lookups (ops 6, 7) show issuer data that the invoice payload does not carry.
// RUCs here pass the modulo-11 check digit.
import type { Taxpayer } from '../types';

export const SEED_TAXPAYERS: Taxpayer[] = [
  {
    ruc: '20100000009',
    razonSocial: 'BODEGA DEMO CAJA S.A.C.',
    razonComercial: 'BODEGA DEMO',
    nombreCalle: 'AV. PRINCIPAL 100',
    nombreDistrito: 'LIMA',
    nombreProvincia: 'LIMA',
    nombreDepartamento: 'LIMA',
  },
  {
    ruc: '20200000006',
    razonSocial: 'DISTRIBUIDORA ANDINA DEMO S.A.',
    razonComercial: '-',
    nombreCalle: 'JR. COMERCIO 250',
    nombreDistrito: 'AREQUIPA',
    nombreProvincia: 'AREQUIPA',
    nombreDepartamento: 'AREQUIPA',
  },
  {
    ruc: '10100000011',
    razonSocial: 'QUISPE HUAMAN ROSA ELENA',
    razonComercial: 'MINIMARKET ROSITA',
    nombreCalle: 'AV. LOS PINOS 123',
    nombreDistrito: 'LIMA',
    nombreProvincia: 'LIMA',
    nombreDepartamento: 'LIMA',
  },
  // The demo company of Caja's demo mode (a RUC that belongs to no one: electron/core/services/settings.ts).
  {
    ruc: '20987654326',
    razonSocial: 'BODEGA DEMOSTRACIÓN S.A.C.',
    razonComercial: 'BODEGA DEMO',
    nombreCalle: 'AV. EJEMPLO 123',
    nombreDistrito: 'LIMA',
    nombreProvincia: 'LIMA',
    nombreDepartamento: 'LIMA',
  },
  // For the RUC lookup's warnings: a taxpayer whose fiscal address was not found, and one that left the register.
  {
    ruc: '20601000009',
    razonSocial: 'COMERCIAL NO HALLADO DEMO S.R.L.',
    razonComercial: '-',
    nombreCalle: 'CAL. SIN NUMERO S/N',
    nombreDistrito: 'CALLAO',
    nombreProvincia: 'CALLAO',
    nombreDepartamento: 'CALLAO',
    estado: 'ACTIVO',
    condicion: 'NO HABIDO',
  },
  {
    ruc: '20602000002',
    razonSocial: 'SERVICIOS CERRADOS DEMO E.I.R.L.',
    razonComercial: '-',
    nombreCalle: 'AV. ANTIGUA 400',
    nombreDistrito: 'CUSCO',
    nombreProvincia: 'CUSCO',
    nombreDepartamento: 'CUSCO',
    estado: 'BAJA DE OFICIO',
    condicion: 'HABIDO',
  },
];

/** Issuer data for a RUC; unknown RUCs get placeholder data (dash for what is unknown). */
export function taxpayerFor(ruc: string, taxpayers: ReadonlyMap<string, Taxpayer>): Taxpayer {
  return (
    taxpayers.get(ruc) ?? {
      ruc,
      razonSocial: `CONTRIBUYENTE ${ruc}`,
      razonComercial: '-',
      nombreCalle: '-',
      nombreDistrito: '-',
      nombreProvincia: '-',
      nombreDepartamento: '-',
    }
  );
}
