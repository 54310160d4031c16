import { describe, expect, it } from 'vitest';
import { isPrintRoute, parsePrintRoute, printRouteHash } from '../../../../renderer/print/print-job';

describe('print route', () => {
  it('round-trips a job for a document and for a lookup record', () => {
    const doc = { source: { kind: 'document' as const, id: 7 }, paper: '80mm', copy: true };
    expect(parsePrintRoute(printRouteHash(doc))).toEqual({ ok: true, view: doc });
    const record = {
      source: { kind: 'record' as const, lookup: { kind: 'factura' as const, ruc: '20100000009', series: 'F001', number: '45' } },
      paper: 'A4',
      copy: true,
      cashReceived: '50.00',
    };
    expect(parsePrintRoute(printRouteHash(record))).toEqual({ ok: true, view: record });
  });

  it('carries and ignores the job fields the page does not need (action, device)', () => {
    const hash = printRouteHash({ source: { kind: 'document', id: 1 }, paper: '58mm', copy: false, action: 'print', deviceName: 'EPSON TM-T20' } as never);
    expect(parsePrintRoute(hash)).toEqual({ ok: true, view: { source: { kind: 'document', id: 1 }, paper: '58mm', copy: false } });
  });

  it('tells the print route from the app and refuses broken or invalid jobs in Spanish', () => {
    expect(isPrintRoute('#/print?job=x')).toBe(true);
    expect(isPrintRoute('')).toBe(false);
    expect(isPrintRoute('#/printer')).toBe(false);
    expect(parsePrintRoute('#/print')).toEqual({ ok: false, error: 'Falta el trabajo de impresión.' });
    expect(parsePrintRoute('#/print?job=%7Bnot-json')).toEqual({ ok: false, error: 'El trabajo de impresión no se puede leer.' });
    expect(parsePrintRoute(printRouteHash({ source: { kind: 'document', id: -1 }, paper: '80mm', copy: false }))).toEqual({
      ok: false,
      error: 'El trabajo de impresión no es válido.',
    });
    expect(parsePrintRoute(printRouteHash({ source: { kind: 'document', id: 1 }, paper: 'A5', copy: false }))).toMatchObject({ ok: false });
  });
});
