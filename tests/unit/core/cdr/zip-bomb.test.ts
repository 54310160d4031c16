// Item 2: a CDR zip bomb no longer kills the process. The review's bomb (about 400 KB inflating to 400 MB)
// and the same bomb lying about its size are read in a child process with a 512 MB heap, whose peak memory is printed
// and bounded; the cheaper hostile zips are read here.
import { describe, expect, it } from 'vitest';
import { CDR_LIMITS, CDR_XML_MAX_CHARS, CdrError, isRefusedCdr, readCdrZip, unzipCdr } from '../../../../electron/core/cdr';
import { cdrPeak } from '../../../bench/cdr.bench';
import { highRatio, largestLegitimateCdr, manyEntries, zipBomb } from './fixtures/zip-bomb';

const b64 = (zip: Buffer) => zip.toString('base64');

async function refusal(promise: Promise<unknown>): Promise<CdrError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(CdrError);
  expect((error as CdrError).code).toBe('bad_zip');
  expect(isRefusedCdr(error)).toBe(true);
  return error as CdrError;
}

describe('a CDR zip bomb', () => {
  it.each([
    ['honest', false],
    ['lying about its size', true],
  ])('is refused as "CDR ilegible" with bounded memory (%s)', async (_name, lie) => {
    const bomb = await zipBomb({ lie });
    expect(bomb.length).toBeLessThan(420 * 1024);
    const peak = cdrPeak(bomb, 'read', 512);
    if ('crashed' in peak) throw new Error(`the reader died: ${peak.crashed}`);
    console.log(`[cdr limits] zip bomb (${lie ? 'lying' : 'honest'}, ${(bomb.length / 1024).toFixed(0)} KB -> 400 MB): peak RSS ${peak.peakRssMb} MB, ${(peak.peakRssMb - peak.baselineRssMb).toFixed(1)} MB over the baseline, ${peak.ms} ms`);
    expect(peak).toMatchObject({ ok: false, code: 'bad_zip', message: expect.stringMatching(/^CDR ilegible: el ZIP se descomprime a más de 1 MB/) });
    expect(peak.peakRssMb - peak.baselineRssMb).toBeLessThan(32);
  });

  it('the outbox path (unzipCdr) refuses it too, instead of storing 400 MB of cdr_xml', async () => {
    for (const lie of [false, true]) {
      const error = await refusal(unzipCdr(b64(await zipBomb({ lie, inflated: 64 * 1024 * 1024 }))));
      expect(error.message).toMatch(/^CDR ilegible/);
    }
  });

  it('refuses thousands of entries before reading one, an implausible ratio, and a zip over 1 MB', async () => {
    expect((await refusal(readCdrZip(b64(manyEntries(5_000))))).message).toBe(
      'CDR ilegible: el ZIP trae 5001 archivos (una constancia trae uno o dos, se admiten 16); no se abrió.',
    );
    expect((await refusal(readCdrZip(b64(highRatio(900 * 1024))))).message).toMatch(/^CDR ilegible: el ZIP se expande \d+ veces \(se admite hasta 100\)/);
    expect((await refusal(readCdrZip(b64(Buffer.alloc(CDR_LIMITS.maxZipBytes + 1024))))).message).toMatch(/^CDR ilegible: el ZIP pesa 1 MB/);
    // A handful of entries is still a CDR.
    expect((await readCdrZip(b64(manyEntries(3)))).code).toBe('0');
  });

  it('reads the largest legitimate CDR, and nothing it stores is over the cdr_xml limit', async () => {
    const largest = largestLegitimateCdr(CDR_LIMITS.maxEntryBytes);
    const info = await readCdrZip(b64(largest.zip));
    expect(info.notes).toHaveLength(largest.notes);
    expect(info.xml.length).toBeLessThanOrEqual(CDR_XML_MAX_CHARS);
    const peak = cdrPeak(largest.zip, 'read', 512);
    if ('crashed' in peak) throw new Error(peak.crashed);
    console.log(`[cdr limits] largest legitimate CDR (${(largest.xmlBytes / 1024).toFixed(0)} KB XML, ${largest.notes} notes): peak RSS ${peak.peakRssMb} MB`);
    expect(peak.ok).toBe(true);
  });
});
