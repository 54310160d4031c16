import { describe, expect, it } from 'vitest';
import { CdrError, readCdrXml } from '../../../../electron/core/cdr';
import { SUNAT_ACCEPTED_NO_NOTES, SUNAT_ACCEPTED_TWO_NOTES, SUNAT_NOTE_1, SUNAT_NOTE_2 } from './fixtures/sunat-accepted';
import { EXCEPTION_0109, NOT_A_CDR, OSE_TWO_STATUS, REJECTED_2800 } from './fixtures/other-layouts';

function expectCdrError(run: () => unknown, code: CdrError['code']): CdrError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CdrError);
    expect((error as CdrError).code).toBe(code);
    return error as CdrError;
  }
  throw new Error('expected a CdrError');
}

describe('readCdrXml', () => {
  it('reads an accepted SUNAT CDR without notes', () => {
    const info = readCdrXml(SUNAT_ACCEPTED_NO_NOTES);
    expect(info).toEqual({
      id: '1712345678901',
      referenceId: 'F001-1',
      code: '0',
      description: 'La Factura numero F001-00000001, ha sido aceptada',
      notes: [],
      xml: SUNAT_ACCEPTED_NO_NOTES,
      recipient: '6-20512345671',
    });
  });

  it('reads every root Note, decoding entities and character references', () => {
    const info = readCdrXml(SUNAT_ACCEPTED_TWO_NOTES);
    expect(info.notes).toEqual([SUNAT_NOTE_1, SUNAT_NOTE_2]);
    expect(info.referenceId).toBe('B001-123');
    expect(info.recipient).toBe('1-45678912');
  });

  it('reads OSE observations from cac:Status as "code - reason"', () => {
    const info = readCdrXml(OSE_TWO_STATUS);
    expect(info.id).toBe('3f2c9a4e-7b1d-4c2a-9e8f-0a1b2c3d4e5f');
    expect(info.code).toBe('0');
    expect(info.referenceId).toBe('F002-45');
    expect(info.notes).toEqual([
      '4252 - El dato ingresado como atributo @listName es incorrecto.',
      '4031 - Debe indicar el nombre comercial',
    ]);
    expect(info.recipient).toBe('6-20512345671');
  });

  it('reads the document reference of an OSE CDR whose Response has no ReferenceID (from DocumentReference/ID)', () => {
    const withoutReferenceId = OSE_TWO_STATUS.replace('<cbc:ReferenceID>F002-45</cbc:ReferenceID>', '').replace(
      '<cbc:ID>F002-45</cbc:ID>',
      '<cbc:ID>F002-46</cbc:ID>',
    );
    expect(withoutReferenceId).not.toContain('ReferenceID');
    expect(readCdrXml(withoutReferenceId).referenceId).toBe('F002-46');
    // when both are written, Response/ReferenceID wins (SUNAT layout)
    expect(readCdrXml(OSE_TWO_STATUS).referenceId).toBe('F002-45');
  });

  it('puts root notes before OSE status entries when a CDR has both', () => {
    const both = OSE_TWO_STATUS.replace(
      '<cbc:ResponseTime>09:15:02</cbc:ResponseTime>',
      '<cbc:ResponseTime>09:15:02</cbc:ResponseTime><cbc:Note>4000 - Nota raíz</cbc:Note>',
    );
    expect(readCdrXml(both).notes).toEqual([
      '4000 - Nota raíz',
      '4252 - El dato ingresado como atributo @listName es incorrecto.',
      '4031 - Debe indicar el nombre comercial',
    ]);
  });

  it('reads a rejection written with unusual namespace prefixes', () => {
    const info = readCdrXml(REJECTED_2800);
    expect(info.code).toBe('2800');
    expect(info.referenceId).toBe('F001-7');
    expect(info.description).toMatch(/^El dato ingresado en el tipo de documento/);
    expect(info.notes).toEqual([]);
  });

  it('keeps codes and ids with leading zeros as strings', () => {
    const info = readCdrXml(EXCEPTION_0109);
    expect(info.code).toBe('0109');
    expect(info.id).toBe('00012');
    expect(info.referenceId).toBe('B001-00000009');
    expect(info.recipient).toBeUndefined();
  });

  it('rejects XML that is not an ApplicationResponse', () => {
    const error = expectCdrError(() => readCdrXml(NOT_A_CDR), 'bad_xml');
    expect(error.message).toMatch(/no es una constancia/);
  });

  it('rejects malformed XML and plain text', () => {
    expectCdrError(() => readCdrXml('<ApplicationResponse><cbc:ID>1</ApplicationResponse>'), 'bad_xml');
    expectCdrError(() => readCdrXml('esto no es xml'), 'bad_xml');
    expectCdrError(() => readCdrXml(''), 'bad_xml');
  });

  it('rejects an ApplicationResponse without ResponseCode', () => {
    const noCode = SUNAT_ACCEPTED_NO_NOTES.replace('<cbc:ResponseCode>0</cbc:ResponseCode>', '');
    expectCdrError(() => readCdrXml(noCode), 'bad_xml');
  });
});
