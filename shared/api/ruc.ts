// RUC lookup, GET {query_base_url}/v1/ruc/info/{ruc}. The API document lists it by name only; the shape is the real
// provider's, as documented (docs/api/provider-factiliza.md, "Operations the document lists by name only": docs + ×1 client).
// Read tolerantly: only the number, the name, the state and the condition are required.
import { z } from 'zod';
import { statusCode } from './common';

const text = z.string().nullish().transform((v) => (v ?? '').trim());

export const RucInfoSchema = z.object({
  numero: z.string(),
  nombre_o_razon_social: z.string(),
  tipo_contribuyente: text,
  /** SUNAT's "estado del contribuyente": ACTIVO, BAJA DE OFICIO, SUSPENSION TEMPORAL, ... */
  estado: z.string(),
  /** SUNAT's "condición del domicilio fiscal": HABIDO, NO HABIDO, NO HALLADO, ... */
  condicion: z.string(),
  departamento: text,
  provincia: text,
  distrito: text,
  direccion: text,
  direccion_completa: text,
  ubigeo_sunat: text,
});
export type RucInfo = z.infer<typeof RucInfoSchema>;

export const RucInfoResponseSchema = z.object({
  status: statusCode,
  success: z.boolean().optional(),
  message: z.string(),
  data: RucInfoSchema,
});

/**
 * A Spanish warning when SUNAT does not list the taxpayer as ACTIVO and HABIDO (a factura to them may be questioned);
 * null when both hold.
 */
export function taxpayerWarning(info: Pick<RucInfo, 'estado' | 'condicion'>): string | null {
  const estado = info.estado.trim().toUpperCase();
  const condicion = info.condicion.trim().toUpperCase();
  const problems = [estado !== 'ACTIVO' ? `estado ${estado || 'desconocido'}` : '', condicion !== 'HABIDO' ? `condición ${condicion || 'desconocida'}` : '']
    .filter(Boolean)
    .join(' y ');
  return problems ? `Atención: SUNAT registra a este contribuyente con ${problems}.` : null;
}
