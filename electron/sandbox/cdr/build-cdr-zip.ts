// Zips a built CDR the way SUNAT returns it: one entry R-<ruc>-<tt>-<serie>-<numero>.xml, base64.
import JSZip from 'jszip';
import { buildCdrXml } from './build-cdr-xml';
import { responseFileName } from './document-naming';
import { encodeLatin1 } from './latin1';
import type { CdrBuildInput } from './types';

export async function buildCdrZip(input: CdrBuildInput): Promise<string> {
  const xml = buildCdrXml(input);
  // The SUNAT layout declares ISO-8859-1, so its bytes must be Latin-1; the OSE layout is UTF-8.
  const bytes = input.layout === 'sunat' ? encodeLatin1(xml) : new TextEncoder().encode(xml);
  const zip = new JSZip();
  zip.file(responseFileName(input.issuerRuc, input.docType, input.series, input.number), bytes, {
    date: input.issuedAt,
    binary: true,
  });
  return zip.generateAsync({ type: 'base64', compression: 'DEFLATE' });
}
