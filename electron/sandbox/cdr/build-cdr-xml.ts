// Builds realistic CDRs (UBL ApplicationResponse) for the fake invoicing server.
// They are NOT signed: the UBLExtensions block is an empty placeholder where SUNAT/OSE put their ds:Signature.
import { createHash } from 'node:crypto';
import { documentReference } from './document-naming';
import type { CdrBuildInput } from './types';
import { escapeXml, limaDateTime } from './xml-text';

const SUNAT_RUC = '20131312955';
const NS = {
  ar: 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
};
const CAT06_URI = 'urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo06';
const NAMESPACE_ATTRS = `xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ext="${NS.ext}" xmlns:ds="${NS.ds}"`;
const UNSIGNED_EXTENSIONS = '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>';

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`CDR de prueba: ${message}`);
}

function validate(input: CdrBuildInput): void {
  check(/^\d{11}$/.test(input.issuerRuc), 'el RUC del emisor debe tener 11 dígitos');
  check(['01', '03', '07', '08'].includes(input.docType), 'el tipo de comprobante debe ser 01, 03, 07 u 08');
  check(/^[A-Z0-9]{4}$/.test(input.series), 'la serie debe tener 4 caracteres');
  check(/^\d{1,8}$/.test(input.number), 'el número debe tener de 1 a 8 dígitos');
  check(/^\d{1,4}$/.test(input.code), 'el código de respuesta debe ser numérico');
  check(!Number.isNaN(input.issuedAt.getTime()), 'la fecha de emisión no es válida');
}

/** Deterministic UUID (version-5 layout over SHA-1) so the same input always yields the same CDR. */
function nameBasedUuid(input: CdrBuildInput): string {
  const name = [input.issuerRuc, input.docType, input.series, input.number, input.code, input.issuedAt.toISOString()].join('|');
  const hex = createHash('sha1').update(name).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Splits '4252 - El dato ...' into its observation code and text; notes without a code keep only the text. */
function splitNote(note: string): { reasonCode?: string; reason: string } {
  const match = /^(\d{1,4})\s*-\s*([\s\S]*)$/.exec(note);
  return match ? { reasonCode: match[1], reason: match[2] ?? '' } : { reason: note };
}

function el(name: string, value: string, attrs = ''): string {
  return `<${name}${attrs ? ` ${attrs}` : ''}>${escapeXml(value)}</${name}>`;
}

function partyByIdentification(tag: string, id: string): string {
  return `<cac:${tag}><cac:PartyIdentification>${el('cbc:ID', id)}</cac:PartyIdentification></cac:${tag}>`;
}

function partyByLegalEntity(tag: string, typedId: string): string {
  const dash = typedId.indexOf('-');
  const [type, number] = dash > 0 ? [typedId.slice(0, dash), typedId.slice(dash + 1)] : [undefined, typedId];
  const attrs = type
    ? `schemeID="${escapeXml(type)}" schemeName="Documento de Identidad" schemeAgencyName="PE:SUNAT" schemeURI="${CAT06_URI}"`
    : '';
  return `<cac:${tag}><cac:PartyLegalEntity>${el('cbc:CompanyID', number, attrs)}</cac:PartyLegalEntity></cac:${tag}>`;
}

function sunatSignatureReference(): string {
  return (
    '<cac:Signature>' + el('cbc:ID', 'SignSUNAT') +
    `<cac:SignatoryParty><cac:PartyIdentification>${el('cbc:ID', SUNAT_RUC)}</cac:PartyIdentification>` +
    `<cac:PartyName>${el('cbc:Name', 'SUNAT')}</cac:PartyName></cac:SignatoryParty>` +
    `<cac:DigitalSignatureAttachment><cac:ExternalReference>${el('cbc:URI', '#SignSUNAT')}</cac:ExternalReference>` +
    '</cac:DigitalSignatureAttachment></cac:Signature>'
  );
}

function header(version: string, id: string, issuedAt: Date): string[] {
  const { date, time } = limaDateTime(issuedAt);
  return [
    el('cbc:UBLVersionID', version),
    el('cbc:CustomizationID', '1.0'),
    el('cbc:ID', id),
    el('cbc:IssueDate', date),
    el('cbc:IssueTime', time),
    el('cbc:ResponseDate', date),
    el('cbc:ResponseTime', time),
  ];
}

function buildSunatLayout(input: CdrBuildInput): string {
  const reference = documentReference(input.series, input.number);
  return [
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    `<ar:ApplicationResponse xmlns:ar="${NS.ar}" ${NAMESPACE_ATTRS}>`,
    UNSIGNED_EXTENSIONS,
    // SUNAT's ids look like a millisecond timestamp (e.g. 1609739749091).
    ...header('2.0', String(input.issuedAt.getTime()), input.issuedAt),
    ...input.notes.map((note) => el('cbc:Note', note)),
    sunatSignatureReference(),
    partyByIdentification('SenderParty', SUNAT_RUC),
    partyByIdentification('ReceiverParty', input.issuerRuc),
    '<cac:DocumentResponse>',
    '<cac:Response>' +
      el('cbc:ReferenceID', reference) + el('cbc:ResponseCode', input.code) + el('cbc:Description', input.description) +
      '</cac:Response>',
    `<cac:DocumentReference>${el('cbc:ID', reference)}</cac:DocumentReference>`,
    partyByIdentification('RecipientParty', input.recipient),
    '</cac:DocumentResponse>',
    '</ar:ApplicationResponse>',
  ].join('\n');
}

function buildOseLayout(input: CdrBuildInput): string {
  const reference = documentReference(input.series, input.number);
  const { date, time } = limaDateTime(input.issuedAt);
  const statuses = input.notes.map((note) => {
    const { reasonCode, reason } = splitNote(note);
    const codeEl = reasonCode === undefined
      ? ''
      : el('cbc:StatusReasonCode', reasonCode, 'listURI="urn:pe:gob:sunat:cpe:see:gem:codigos:codigoretorno"');
    return `<cac:Status>${codeEl}${el('cbc:StatusReason', reason)}</cac:Status>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ApplicationResponse xmlns="${NS.ar}" ${NAMESPACE_ATTRS}>`,
    UNSIGNED_EXTENSIONS,
    ...header('2.1', nameBasedUuid(input), input.issuedAt),
    partyByLegalEntity('SenderParty', `6-${SUNAT_RUC}`), // a real OSE would put its own RUC here
    partyByLegalEntity('ReceiverParty', `6-${input.issuerRuc}`),
    '<cac:DocumentResponse>',
    '<cac:Response>' +
      el('cbc:ReferenceID', reference) +
      el('cbc:ResponseCode', input.code, 'listAgencyName="PE:SUNAT"') +
      el('cbc:Description', input.description) +
      statuses.join('') +
      '</cac:Response>',
    '<cac:DocumentReference>' +
      el('cbc:ID', reference) + el('cbc:IssueDate', date) + el('cbc:IssueTime', time) +
      el('cbc:DocumentTypeCode', input.docType) +
      '</cac:DocumentReference>',
    partyByLegalEntity('RecipientParty', input.recipient),
    '</cac:DocumentResponse>',
    '</ApplicationResponse>',
  ].join('\n');
}

export function buildCdrXml(input: CdrBuildInput): string {
  validate(input);
  return input.layout === 'sunat' ? buildSunatLayout(input) : buildOseLayout(input);
}
