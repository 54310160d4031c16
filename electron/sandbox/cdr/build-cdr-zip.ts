// Zips a built CDR the way SUNAT returns it: one entry R-<ruc>-<tt>-<serie>-<numero>.xml, deflated, base64.
// fflate's synchronous zip: the sandbox answers every send of a backlog drain with one of these, and JSZip's
// asynchronous pipeline cost it some 0.3 ms of CPU per answer, taken from the till it shares a machine with in the
// benchmarks. The format is the same (stored sizes, DEFLATE): the app's bounded reader and JSZip read both.
import { zipSync } from 'fflate';
import { buildCdrXml } from './build-cdr-xml';
import { responseFileName } from './document-naming';
import { encodeLatin1 } from './latin1';
import type { CdrBuildInput } from './types';

export function buildCdrZip(input: CdrBuildInput): Promise<string> {
  const xml = buildCdrXml(input);
  // The SUNAT layout declares ISO-8859-1, so its bytes must be Latin-1; the OSE layout is UTF-8.
  const bytes = input.layout === 'sunat' ? encodeLatin1(xml) : new TextEncoder().encode(xml);
  const name = responseFileName(input.issuerRuc, input.docType, input.series, input.number);
  const zip = zipSync({ [name]: [bytes, { level: 6, mtime: input.issuedAt }] });
  return Promise.resolve(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength).toString('base64'));
}
