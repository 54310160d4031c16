// Meaning of a SUNAT response code by range (docs/sunat/reference.md §7.3).

export type CdrCodeClass = 'accepted' | 'observed' | 'rejected' | 'exception';

/**
 * '0' → accepted; '0100'–'1999' → exception (not processed, resend the same number);
 * '2000'–'3999' → rejected (the number is burnt); '4000' and above → observed (accepted with notes).
 * Anything else (1–99, non-numeric such as a client-side 'CDR' marker, empty) is treated as an exception:
 * the document cannot be considered declared.
 */
export function classifyCdrCode(code: string): CdrCodeClass {
  const trimmed = code.trim();
  if (!/^\d+$/.test(trimmed)) return 'exception';
  const value = Number(trimmed);
  if (value === 0) return 'accepted';
  if (value < 2000) return 'exception';
  if (value < 4000) return 'rejected';
  return 'observed';
}

/**
 * Class of a whole CDR: SUNAT answers an accepted-with-observations document with code '0' and the
 * observations (4xxx) as notes, so code '0' plus at least one note means 'observed'.
 */
export function classifyCdr(cdr: { code: string; notes: readonly string[] }): CdrCodeClass {
  const byCode = classifyCdrCode(cdr.code);
  return byCode === 'accepted' && cdr.notes.length > 0 ? 'observed' : byCode;
}
