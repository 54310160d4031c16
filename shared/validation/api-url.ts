// The invoicing API's addresses carry the bearer token and the SOL password: they must be https://. Plain
// http:// is accepted only for this machine itself (127.0.0.1, localhost, ::1), where the demo sandbox and the tests
// listen and nothing crosses a network. Checked by the settings and setup schemas (the user sees why) and again by
// the API client before any request (electron/core/api/http.ts), for an address stored before this rule.
import { z } from 'zod';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const API_URL_MESSAGE = 'La dirección debe empezar con https:// (http:// enviaría el token y la clave SOL sin cifrar; solo se admite en este equipo, 127.0.0.1)';

/** True for https:// with a host, or http:// to this machine. */
export function isSecureApiUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.hostname === '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname.toLowerCase());
}

/** An API base address as the settings and the setup wizard take it. */
export const ApiUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((u) => /^https?:\/\/[^\s]+$/i.test(u), { message: 'Ingrese una dirección que empiece con https://' })
  .refine((u) => !/^https?:\/\/[^\s]+$/i.test(u) || isSecureApiUrl(u), { message: API_URL_MESSAGE });
