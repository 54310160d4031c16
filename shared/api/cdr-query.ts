// Operation 3 (POST {query_base_url}/v1/authority/cdr): CDR download, docs/api/invoicing-api.md §2.5.
import { z } from 'zod';
import { base64Text, statusCode } from './common';

const required = (label: string) =>
  z.string({ error: `${label}: debe ser texto` }).min(1, { error: `${label}: no puede estar vacío` });

/** Request body. The doc does not say which fields are required; we always send all of them. */
export const CdrQueryRequestSchema = z.strictObject({
  ruc: required('ruc'),
  usuario: required('usuario'),
  password: required('password'),
  proveedor: required('proveedor'),
  tipo_doc: required('tipo_doc'),
  serie: required('serie'),
  correlativo: required('correlativo'),
});
export type CdrQueryRequest = z.infer<typeof CdrQueryRequestSchema>;

/** 200 response: `data` is the acknowledgement (CDR) zip as base64 text. */
export const CdrQueryResponseSchema = z.object({
  status: statusCode,
  message: z.string(),
  success: z.boolean(),
  data: base64Text,
});
export type CdrQueryResponse = z.infer<typeof CdrQueryResponseSchema>;
