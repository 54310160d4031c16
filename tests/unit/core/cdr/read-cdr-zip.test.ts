import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { CdrError, readCdrZip } from '../../../../electron/core/cdr';
import { SUNAT_ACCEPTED_NO_NOTES, SUNAT_ACCEPTED_TWO_NOTES, SUNAT_NOTE_1, SUNAT_NOTE_2 } from './fixtures/sunat-accepted';
import { EXCEPTION_0109, NOT_A_CDR, OSE_TWO_STATUS } from './fixtures/other-layouts';

type Entry = { name: string; bytes?: Uint8Array; folder?: boolean };

async function zipOf(entries: Entry[]): Promise<string> {
  const zip = new JSZip();
  for (const entry of entries) {
    if (entry.folder) zip.folder(entry.name);
    else zip.file(entry.name, entry.bytes ?? new Uint8Array());
  }
  return zip.generateAsync({ type: 'base64', compression: 'DEFLATE' });
}

const latin1 = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'latin1'));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

async function expectCdrError(promise: Promise<unknown>, code: CdrError['code']): Promise<CdrError> {
  const error = await promise.then(
    () => { throw new Error('expected a CdrError'); },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CdrError);
  expect((error as CdrError).code).toBe(code);
  return error as CdrError;
}

describe('readCdrZip', () => {
  it('decodes real ISO-8859-1 bytes, keeping accents in the notes', async () => {
    const bytes = latin1(SUNAT_ACCEPTED_TWO_NOTES);
    // 'número' must really be stored with the single byte 0xFA, not UTF-8's two bytes.
    expect(bytes).toContain(0xfa);
    expect(Buffer.from(bytes).includes(Buffer.from('ú', 'utf8'))).toBe(false);

    const info = await readCdrZip(await zipOf([{ name: 'R-20481234567-03-B001-123.xml', bytes }]));
    expect(info.fileName).toBe('R-20481234567-03-B001-123.xml');
    expect(info.notes).toEqual([SUNAT_NOTE_1, SUNAT_NOTE_2]);
    expect(info.notes[0]).toContain('número');
    expect(info.notes[0]).toContain('información');
    expect(info.description).toBe('La Boleta de Venta numero B001-00000123, ha sido aceptada');
    expect(info.xml).toBe(SUNAT_ACCEPTED_TWO_NOTES);
  });

  it('finds the R- entry among a dummy file and folders, whatever its position and case', async () => {
    const base64 = await zipOf([
      { name: 'dummy', bytes: utf8('') },
      { name: 'R-folder.xml/', folder: true },
      { name: 'otros/', folder: true },
      { name: 'otros/r-20481234567-01-F002-45.XML', bytes: utf8(OSE_TWO_STATUS) },
    ]);
    const info = await readCdrZip(base64);
    expect(info.fileName).toBe('otros/r-20481234567-01-F002-45.XML');
    expect(info.referenceId).toBe('F002-45');
    expect(info.notes).toHaveLength(2);
  });

  it('accepts UTF-8 with a byte order mark', async () => {
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(OSE_TWO_STATUS.replace('Debe indicar', 'Debe señalar'))]);
    const info = await readCdrZip(await zipOf([{ name: 'R-20481234567-01-F002-45.xml', bytes: withBom }]));
    expect(info.xml.startsWith('<?xml')).toBe(true);
    expect(info.notes[1]).toBe('4031 - Debe señalar el nombre comercial');
  });

  it('keeps an exception code as the string 0109', async () => {
    const info = await readCdrZip(await zipOf([{ name: 'R-20481234567-03-B001-9.xml', bytes: utf8(EXCEPTION_0109) }]));
    expect(info.code).toBe('0109');
  });

  it('fails with no_response_entry when no entry starts with R- and ends with .xml', async () => {
    const base64 = await zipOf([
      { name: 'dummy', bytes: utf8('x') },
      { name: '20481234567-01-F001-1.xml', bytes: utf8(SUNAT_ACCEPTED_NO_NOTES) },
      { name: 'R-20481234567-01-F001-1.txt', bytes: utf8(SUNAT_ACCEPTED_NO_NOTES) },
    ]);
    const error = await expectCdrError(readCdrZip(base64), 'no_response_entry');
    expect(error.message).toMatch(/no contiene/);
  });

  it('fails with bad_zip on corrupt base64, non-zip data and a truncated zip', async () => {
    await expectCdrError(readCdrZip('%%%no-es-base64%%%'), 'bad_zip');
    await expectCdrError(readCdrZip(Buffer.from('esto no es un zip').toString('base64')), 'bad_zip');
    await expectCdrError(readCdrZip(''), 'bad_zip');
    const good = Buffer.from(await zipOf([{ name: 'R-1.xml', bytes: utf8(SUNAT_ACCEPTED_NO_NOTES) }]), 'base64');
    await expectCdrError(readCdrZip(good.subarray(0, good.length - 30).toString('base64')), 'bad_zip');
  });

  it('fails with bad_xml when the R- entry is not an ApplicationResponse', async () => {
    const base64 = await zipOf([{ name: 'R-20481234567-01-F001-1.xml', bytes: utf8(NOT_A_CDR) }]);
    await expectCdrError(readCdrZip(base64), 'bad_xml');
  });
});
