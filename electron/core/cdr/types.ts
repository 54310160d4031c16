/** What the app keeps from a CDR (Constancia de Recepción, UBL ApplicationResponse). */
export interface CdrInfo {
  /** Root cbc:ID of the response (SUNAT: numeric ticket-like id; OSE: UUID). */
  id: string;
  /** DocumentResponse/Response/ReferenceID, the document the CDR answers (e.g. 'F001-1'). */
  referenceId: string;
  /** DocumentResponse/Response/ResponseCode exactly as written ('0', '0109', '2800', '4000'). */
  code: string;
  /** DocumentResponse/Response/Description. */
  description: string;
  /** Observations: root cbc:Note texts (SUNAT) then 'code - reason' of each cac:Status (OSE). */
  notes: string[];
  /** The decoded XML text of the CDR. */
  xml: string;
  /** Name of the zip entry the CDR was read from (only when read from a zip). */
  fileName?: string;
  /** Customer document as 'type-number' (e.g. '6-20131312955'), when the CDR names it. */
  recipient?: string;
}

export type CdrErrorCode = 'bad_zip' | 'no_response_entry' | 'bad_xml';

/** Failure to read a CDR; `message` is Spanish and can be shown to the user. */
export class CdrError extends Error {
  readonly code: CdrErrorCode;

  constructor(code: CdrErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CdrError';
    this.code = code;
  }
}
