import { describe, expect, it } from 'vitest';
import { authoritySegment, toDocumentNames, toRealNames } from '../../../../shared/api';

describe('the two dialects of the API (provider-factiliza.md)', () => {
  it('reads the real names as the document\'s, and keeps the document\'s (either is accepted)', () => {
    const real = { status: 200, data: { hash: 'h', sunatResponse: { success: true, cdrResponse: { code: '0' } } } };
    expect(toDocumentNames(real)).toEqual({ status: 200, data: { hash: 'h', authorityResponse: { success: true, cdrResponse: { code: '0' } } } });
    const doc = { data: { authorityResponse: { success: true } } };
    expect(toDocumentNames(doc)).toEqual(doc);
    expect(toDocumentNames({ ubigeo_reniec: '150101', ubigeo_sunat: '150101' })).toEqual({ ubigeo_registry: '150101', ubigeo_tax: '150101' });
    expect(toDocumentNames({ lines: [{ codProductoSunat: 'X', indEncSunNumPlaca: '1' }] })).toEqual({
      lines: [{ codProductoAuth: 'X', indEncAuthNumPlaca: '1' }],
    });
  });

  it('prefers the document\'s name when an answer carries both', () => {
    expect(toDocumentNames({ sunatResponse: 'real', authorityResponse: 'doc' })).toEqual({ authorityResponse: 'doc' });
  });

  it('writes the real names back (the sandbox playing the provider), round trip', () => {
    const doc = { data: { authorityResponse: { cdrZip: '' } }, ubigeo_tax: '1', indEncAuthNumLicencia: '0' };
    expect(toRealNames(doc)).toEqual({ data: { sunatResponse: { cdrZip: '' } }, ubigeo_sunat: '1', indEncSunNumLicencia: '0' });
    expect(toDocumentNames(toRealNames(doc))).toEqual(doc);
  });

  it('names the query paths per provider', () => {
    expect(authoritySegment('document')).toBe('authority');
    expect(authoritySegment('factiliza')).toBe('sunat');
  });
});
