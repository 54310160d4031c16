// Operation 2 (GET {query_base_url}/v1/dni/info/{dni}): citizen record, docs/api/invoicing-api.md §2.4.
import { z } from 'zod';
import { statusCode } from './common';

export const CitizenSchema = z.object({
  numero: z.string().regex(/^\d{8}$/, { error: 'El DNI debe tener 8 dígitos' }),
  nombres: z.string(),
  apellido_paterno: z.string(),
  apellido_materno: z.string(),
  nombre_completo: z.string(),
  departamento: z.string(),
  provincia: z.string(),
  distrito: z.string(),
  direccion: z.string(),
  direccion_completa: z.string(),
  ubigeo_registry: z.string(),
  ubigeo_tax: z.string(),
  ubigeo: z.array(z.string()),
  /** May be an empty string. */
  fecha_nacimiento: z.string(),
  /** May be an empty string. */
  sexo: z.string(),
});
export type Citizen = z.infer<typeof CitizenSchema>;

export const DniResponseSchema = z.object({
  status: statusCode,
  success: z.boolean(),
  message: z.string(),
  data: CitizenSchema,
});
export type DniResponse = z.infer<typeof DniResponseSchema>;
