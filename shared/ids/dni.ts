/** True for a DNI: exactly 8 digits (SUNAT 2801/4207). Its own printed verification digit is not part of it. */
export function isValidDni(s: string): boolean {
  return typeof s === 'string' && /^\d{8}$/.test(s);
}
