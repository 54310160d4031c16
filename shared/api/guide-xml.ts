// Operation 5 (GET {query_base_url}/v2/authority/guia/xml/{numRuc}-{tipo}-{serie}-{numero}), docs/api/invoicing-api.md §2.7.
import { z } from 'zod';
import { base64Text, statusCode } from './common';

/** `data` is the compressed guide XML as base64 text. No success field is documented; accepted if present. */
export const GuideXmlResponseSchema = z.object({
  status: statusCode,
  message: z.string(),
  data: base64Text,
  success: z.boolean().optional(),
});
export type GuideXmlResponse = z.infer<typeof GuideXmlResponseSchema>;
