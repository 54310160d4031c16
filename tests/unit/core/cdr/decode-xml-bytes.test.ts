import { describe, expect, it } from 'vitest';
import { decodeXmlBytes } from '../../../../electron/core/cdr';

const TEXT = 'Observación: número de ítem';
const xmlWith = (encoding: string | null) =>
  `<?xml version="1.0"${encoding ? ` encoding="${encoding}"` : ''}?><a>${TEXT}</a>`;

describe('decodeXmlBytes', () => {
  it.each(['ISO-8859-1', 'iso-8859-1', 'latin1', 'windows-1252'])('decodes Latin-1 bytes declared as %s', (label) => {
    const bytes = Uint8Array.from(Buffer.from(xmlWith(label), 'latin1'));
    expect(decodeXmlBytes(bytes)).toBe(xmlWith(label));
  });

  it('decodes UTF-8 when declared, when undeclared and when the label is unknown', () => {
    for (const label of ['UTF-8', null, 'x-desconocido']) {
      const xml = xmlWith(label);
      expect(decodeXmlBytes(new TextEncoder().encode(xml))).toBe(xml);
    }
  });

  it('reads the declaration written with single quotes', () => {
    const xml = `<?xml version='1.0' encoding='ISO-8859-1'?><a>${TEXT}</a>`;
    expect(decodeXmlBytes(Uint8Array.from(Buffer.from(xml, 'latin1')))).toBe(xml);
  });

  it('strips a UTF-8 byte order mark', () => {
    const xml = xmlWith('UTF-8');
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(xml)]);
    expect(decodeXmlBytes(bytes)).toBe(xml);
  });

  it('decodes UTF-16 with a byte order mark', () => {
    const xml = xmlWith('UTF-16');
    const bytes = Uint8Array.from([0xff, 0xfe, ...Buffer.from(xml, 'utf16le')]);
    expect(decodeXmlBytes(bytes)).toBe(xml);
  });
});
