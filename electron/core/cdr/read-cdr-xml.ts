// Reads a CDR (UBL ApplicationResponse) in either layout:
// SUNAT: observations as root cbc:Note; OSE: observations as cac:DocumentResponse/cac:Response/cac:Status.
// Namespace prefixes vary between senders (ar:, none, cbc:/cac: or others), so they are stripped.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CdrError, type CdrInfo } from './types';

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false, // keep '0109' as text, never as the number 109
  parseAttributeValue: false,
  htmlEntities: true, // decodes numeric character references (&#250;) besides the five XML entities
});

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** First element named `name` under `node` (repeated elements come as arrays). */
function child(node: unknown, name: string): unknown {
  return isNode(node) ? asArray(node[name])[0] : undefined;
}

function path(node: unknown, ...names: string[]): unknown {
  return names.reduce<unknown>((current, name) => child(current, name), node);
}

/** Text content of an element, whether it came as a plain string or as a node with attributes. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isNode(value)) {
    const inner = value['#text'];
    return inner === undefined ? '' : text(inner);
  }
  return undefined;
}

function attribute(value: unknown, name: string): string | undefined {
  if (!isNode(value)) return undefined;
  const attr = value[`@_${name}`];
  return typeof attr === 'string' ? attr : undefined;
}

function parseRoot(xml: string): XmlNode {
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    throw new CdrError('bad_xml', `La constancia (CDR) no es un XML válido: ${validation.err.msg}`);
  }
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch (cause) {
    throw new CdrError('bad_xml', 'La constancia (CDR) no es un XML válido.', { cause });
  }
  const root = isNode(parsed) ? parsed['ApplicationResponse'] : undefined;
  if (!isNode(root)) {
    throw new CdrError('bad_xml', 'El XML recibido no es una constancia de recepción (ApplicationResponse).');
  }
  return root;
}

function observationsOf(root: XmlNode, response: unknown): string[] {
  const sunatNotes = asArray(root['Note'])
    .map(text)
    .filter((note): note is string => note !== undefined && note !== '');
  const oseNotes = asArray(isNode(response) ? response['Status'] : undefined)
    .map((status) => {
      const reasonCode = text(child(status, 'StatusReasonCode')) ?? '';
      const reason = text(child(status, 'StatusReason')) ?? '';
      return reasonCode && reason ? `${reasonCode} - ${reason}` : reasonCode || reason;
    })
    .filter((note) => note !== '');
  return [...sunatNotes, ...oseNotes];
}

/** Customer as 'type-number': SUNAT writes it that way; OSE writes the number with the type in schemeID. */
function recipientOf(documentResponse: unknown): string | undefined {
  const party = child(documentResponse, 'RecipientParty');
  const sunatId = text(path(party, 'PartyIdentification', 'ID'));
  if (sunatId) return sunatId;
  const companyId = path(party, 'PartyLegalEntity', 'CompanyID');
  const number = text(companyId);
  if (!number) return undefined;
  const type = attribute(companyId, 'schemeID');
  return type ? `${type}-${number}` : number;
}

export function readCdrXml(xml: string): CdrInfo {
  const root = parseRoot(xml);
  const documentResponse = child(root, 'DocumentResponse');
  const response = child(documentResponse, 'Response');
  const code = text(child(response, 'ResponseCode'));
  if (code === undefined || code === '') {
    throw new CdrError('bad_xml', 'La constancia (CDR) no contiene el código de respuesta (ResponseCode).');
  }
  const info: CdrInfo = {
    id: text(child(root, 'ID')) ?? '',
    // SUNAT writes Response/ReferenceID; an OSE may leave it out and name the document only in
    // DocumentResponse/DocumentReference/ID (UBL 2.0 ApplicationResponse, both are optional there).
    referenceId: text(child(response, 'ReferenceID')) || (text(path(documentResponse, 'DocumentReference', 'ID')) ?? ''),
    code,
    description: text(child(response, 'Description')) ?? '',
    notes: observationsOf(root, response),
    xml,
  };
  const recipient = recipientOf(documentResponse);
  if (recipient) info.recipient = recipient;
  return info;
}
