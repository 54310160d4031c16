// How SUNAT names the document a CDR answers (docs/sunat/reference.md §4.1 and §7.1).

const DOC_TYPE_NAMES: Record<'01' | '03' | '07' | '08', string> = {
  '07': 'La Nota de Credito',
  '08': 'La Nota de Debito',
  '01': 'La Factura',
  '03': 'La Boleta de Venta',
};

/** Correlative without leading zeros, as written in the document's cbc:ID ('00000001' → '1'). */
export function unpaddedNumber(number: string): string {
  return number.replace(/^0+(?=\d)/, '');
}

/** 'F001-1': the document id echoed in cbc:ReferenceID and cac:DocumentReference/cbc:ID. */
export function documentReference(series: string, number: string): string {
  return `${series}-${unpaddedNumber(number)}`;
}

/** 'R-20123456789-01-F001-1.xml': name of the response entry inside the CDR zip. */
export function responseFileName(issuerRuc: string, docType: '01' | '03' | '07' | '08', series: string, number: string): string {
  return `R-${issuerRuc}-${docType}-${documentReference(series, number)}.xml`;
}

/** SUNAT's acceptance text, with the number zero-padded to 8: 'La Factura numero F001-00000001, ha sido aceptada'. */
export function acceptanceDescription(docType: '01' | '03' | '07' | '08', series: string, number: string): string {
  const padded = unpaddedNumber(number).padStart(8, '0');
  return `${DOC_TYPE_NAMES[docType]} numero ${series}-${padded}, ha sido aceptada`;
}
