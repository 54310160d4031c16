// Responses of operation 1 (POST {billing_base_url}/invoice/send), docs/api/invoicing-api.md §2.2 and §2.3.
// Response objects are not strict: unknown keys a real server adds are ignored (stripped).
import { z } from 'zod';
import { base64Text, statusCode } from './common';

/** The tax authority's answer inside a send result (`data.authorityResponse.cdrResponse`). */
export const CdrResponseSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  notes: z.array(z.string()),
});
export type CdrResponse = z.infer<typeof CdrResponseSchema>;

export const AuthorityResponseSchema = z.object({
  success: z.boolean(),
  cdrZip: base64Text,
  cdrResponse: CdrResponseSchema,
});
export type AuthorityResponse = z.infer<typeof AuthorityResponseSchema>;

/** 200 response of the send operation. All fields required. */
export const SendResultSchema = z.object({
  status: statusCode,
  success: z.boolean(),
  message: z.string(),
  data: z.object({
    hash: z.string(),
    authorityResponse: AuthorityResponseSchema,
  }),
});
export type SendResult = z.infer<typeof SendResultSchema>;

/** 400 response of the send operation (document rejected by the service). */
export const ErrorBodySchema = z.object({
  status: statusCode,
  success: z.boolean(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
