import JSZip from 'jszip';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  acceptanceDescription,
  buildCdrXml,
  buildCdrZip,
  encodeLatin1,
  type CdrBuildInput,
} from '../../../../electron/sandbox/cdr';

const input: CdrBuildInput = {
  layout: 'sunat',
  issuerRuc: '20481234567',
  docType: '01',
  series: 'F001',
  number: '1',
  code: '0',
  description: acceptanceDescription('01', 'F001', '1'),
  notes: ['4287 - El número <no> coincide & "más"', '4031 - Debe indicar el nombre comercial'],
  recipient: '6-20512345671',
  issuedAt: new Date('2024-04-06T02:05:09Z'), // 2024-04-05 21:05:09 in Lima
};

async function entryBytes(base64: string): Promise<{ names: string[]; bytes: Uint8Array }> {
  const zip = await JSZip.loadAsync(base64, { base64: true });
  const names = Object.keys(zip.files);
  const bytes = await zip.file(names[0] ?? '')!.async('uint8array');
  return { names, bytes };
}

describe('acceptanceDescription', () => {
  it('pads the number to 8 digits and names the document type', () => {
    expect(acceptanceDescription('01', 'F001', '1')).toBe('La Factura numero F001-00000001, ha sido aceptada');
    expect(acceptanceDescription('03', 'B001', '123')).toBe('La Boleta de Venta numero B001-00000123, ha sido aceptada');
    expect(acceptanceDescription('03', 'B001', '00000123')).toBe('La Boleta de Venta numero B001-00000123, ha sido aceptada');
    expect(acceptanceDescription('01', 'F001', '99999999')).toBe('La Factura numero F001-99999999, ha sido aceptada');
  });
});

describe('buildCdrXml, SUNAT layout', () => {
  const xml = buildCdrXml(input);

  it('is well-formed, declares ISO-8859-1 and carries the SUNAT header', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>')).toBe(true);
    expect(xml).toContain('<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"');
    expect(xml).toContain('<cbc:UBLVersionID>2.0</cbc:UBLVersionID>');
    expect(xml).toContain('<cbc:CustomizationID>1.0</cbc:CustomizationID>');
    expect(xml).toContain(`<cbc:ID>${input.issuedAt.getTime()}</cbc:ID>`);
  });

  it('writes dates and times as a clock in Lima shows them', () => {
    expect(xml).toContain('<cbc:IssueDate>2024-04-05</cbc:IssueDate>');
    expect(xml).toContain('<cbc:IssueTime>21:05:09</cbc:IssueTime>');
    expect(xml).toContain('<cbc:ResponseDate>2024-04-05</cbc:ResponseDate>');
  });

  it('writes one escaped root Note per note, the parties and the document response', () => {
    expect(xml.match(/<cbc:Note>/g)).toHaveLength(2);
    expect(xml).toContain('<cbc:Note>4287 - El número &lt;no&gt; coincide &amp; &quot;más&quot;</cbc:Note>');
    expect(xml).toContain('<cac:SenderParty><cac:PartyIdentification><cbc:ID>20131312955</cbc:ID>');
    expect(xml).toContain('<cac:ReceiverParty><cac:PartyIdentification><cbc:ID>20481234567</cbc:ID>');
    expect(xml).toContain('<cbc:ReferenceID>F001-1</cbc:ReferenceID><cbc:ResponseCode>0</cbc:ResponseCode>');
    expect(xml).toContain('<cac:DocumentReference><cbc:ID>F001-1</cbc:ID></cac:DocumentReference>');
    expect(xml).toContain('<cac:RecipientParty><cac:PartyIdentification><cbc:ID>6-20512345671</cbc:ID>');
    expect(xml).not.toContain('cac:Status');
  });

  it('writes no Note when there are no notes', () => {
    expect(buildCdrXml({ ...input, notes: [] })).not.toContain('<cbc:Note>');
  });
});

describe('buildCdrXml, OSE layout', () => {
  const xml = buildCdrXml({ ...input, layout: 'ose' });

  it('uses UBL 2.1, a UUID id, Status entries and PartyLegalEntity parties', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<cbc:UBLVersionID>2.1</cbc:UBLVersionID>');
    expect(xml).toMatch(/<cbc:ID>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}<\/cbc:ID>/);
    expect(xml).not.toContain('<cbc:Note>');
    expect(xml.match(/<cac:Status>/g)).toHaveLength(2);
    expect(xml).toMatch(/<cbc:StatusReasonCode[^>]*>4287<\/cbc:StatusReasonCode><cbc:StatusReason>El número &lt;no&gt;/);
    expect(xml).toMatch(/<cac:RecipientParty><cac:PartyLegalEntity><cbc:CompanyID schemeID="6"[^>]*>20512345671<\/cbc:CompanyID>/);
    expect(xml).toMatch(/<cac:ReceiverParty><cac:PartyLegalEntity><cbc:CompanyID schemeID="6"[^>]*>20481234567<\/cbc:CompanyID>/);
  });

  it('gives the same UUID for the same input and another for another document', () => {
    const id = (x: string) => /<cbc:ID>([0-9a-f-]{36})<\/cbc:ID>/.exec(x)?.[1];
    expect(id(buildCdrXml({ ...input, layout: 'ose' }))).toBe(id(xml));
    expect(id(buildCdrXml({ ...input, layout: 'ose', number: '2' }))).not.toBe(id(xml));
  });
});

describe('buildCdrXml input checks', () => {
  it.each([
    { issuerRuc: '2048123456' },
    { series: 'F01' },
    { number: '123456789' },
    { code: 'abc' },
    { issuedAt: new Date('no es fecha') },
  ])('throws on %j', (bad) => {
    expect(() => buildCdrXml({ ...input, ...bad })).toThrow(/CDR de prueba/);
  });
});

describe('buildCdrZip', () => {
  it('stores the SUNAT layout as Latin-1 bytes under R-<ruc>-<tt>-<serie>-<numero>.xml', async () => {
    const { names, bytes } = await entryBytes(await buildCdrZip({ ...input, number: '00000001' }));
    expect(names).toEqual(['R-20481234567-01-F001-1.xml']);
    const buffer = Buffer.from(bytes);
    expect(buffer.includes(Buffer.from([0x6e, 0xfa, 0x6d]))).toBe(true); // 'núm' with ú as 0xFA
    expect(buffer.includes(Buffer.from('ú', 'utf8'))).toBe(false);
    expect(buffer.toString('latin1')).toBe(buildCdrXml(input));
  });

  it('stores the OSE layout as UTF-8', async () => {
    const { bytes } = await entryBytes(await buildCdrZip({ ...input, layout: 'ose' }));
    expect(Buffer.from(bytes).toString('utf8')).toBe(buildCdrXml({ ...input, layout: 'ose' }));
  });
});

describe('encodeLatin1', () => {
  it('writes Latin-1 characters as single bytes and others as ?', () => {
    expect([...encodeLatin1('aú Ñ')]).toEqual([0x61, 0xfa, 0x20, 0xd1]);
    expect([...encodeLatin1('€ 😀 \u0085')]).toEqual([0x3f, 0x20, 0x3f, 0x20, 0x3f]);
  });
});
