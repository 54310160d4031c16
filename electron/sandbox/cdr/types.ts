/** Everything the fake invoicing server needs to produce a CDR for one document. */
export interface CdrBuildInput {
  /** 'sunat': SUNAT's own CDR (UBL 2.0, ISO-8859-1, observations as root cbc:Note);
   *  'ose': an OSE's CDR (UBL 2.1, UTF-8, UUID id, observations as cac:Status). */
  layout: 'sunat' | 'ose';
  issuerRuc: string;
  docType: '01' | '03' | '07' | '08';
  series: string;
  /** Correlative, 1–8 digits; leading zeros are dropped in ReferenceID and the file name. */
  number: string;
  /** Response code exactly as it must appear ('0', '2800', ...). */
  code: string;
  description: string;
  /** Observations such as '4252 - El dato ingresado ...'; OSE splits the leading code into StatusReasonCode. */
  notes: string[];
  /** Customer document as 'type-number', e.g. '6-20131312955' or '1-45678912'. */
  recipient: string;
  /** Moment the CDR is issued (written in Lima time, UTC-5). */
  issuedAt: Date;
}
