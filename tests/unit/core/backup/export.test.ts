import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { openDatabase } from '../../../../electron/core/db';
import { categoryAmounts, csvLine, readCsvCell, ExportService, exportRowsStatement, MAX_ZIP_DOCUMENTS, sunatBaseName } from '../../../../electron/core/export';
import { seedDocuments } from '../../../bench/seed-documents';
import { parseCsv } from './parse-csv';

describe('categoryAmounts', () => {
  it('reads each category from the payload with two decimals and a dot', () => {
    const payload = JSON.stringify({
      monto_Oper_Gravadas: 100, monto_Oper_Exoneradas: 20.5, monto_Igv: 18, total_Impuestos: 18.8, monto_Imp_Venta: 139.3,
    });
    expect(categoryAmounts(payload, { igv: '0.00', total: '0.00' })).toEqual({
      gravadas: '100.00', exoneradas: '20.50', igv: '18.00', icbper: '0.80', total: '139.30',
    });
  });

  it('subtracts without binary floating point (0.3 − 0.1 is 0.20, not 0.19999…)', () => {
    const payload = JSON.stringify({ monto_Oper_Gravadas: 1.67, monto_Igv: 0.1, total_Impuestos: 0.3, monto_Imp_Venta: 1.97 });
    expect(0.3 - 0.1).not.toBe(0.2);
    expect(categoryAmounts(payload, { igv: '0', total: '0' })).toMatchObject({ icbper: '0.20', exoneradas: '0.00' });
  });

  it('falls back to the stored columns for a payload without totals', () => {
    expect(categoryAmounts('{"seeded":true}', { igv: '1.80', total: '11.80' })).toEqual({
      gravadas: '0.00', exoneradas: '0.00', igv: '1.80', icbper: '0.00', total: '11.80',
    });
  });

  it('keeps every cent of any 2-decimal amount through the JSON number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_99n }), (cents) => {
        const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const payload = `{"monto_Imp_Venta":${Number(text)},"monto_Igv":0,"total_Impuestos":0}`;
        expect(categoryAmounts(payload, { igv: '0', total: '0' }).total).toBe(text);
      }),
    );
  });
});

describe('CSV lines (RFC 4180)', () => {
  it('quotes commas, quotes and line breaks, ends lines with CRLF', () => {
    expect(csvLine(['a', 'b,c', 'di "x"', 'l1\nl2', null, 7])).toBe('a,"b,c","di ""x""","l1\nl2",,7\r\n');
  });

  it('reads back exactly what was written, for any text, and never starts a cell with a formula character', () => {
    // Formula characters are in the alphabet so that neutralised cells are drawn often.
    const cell = fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", 'a', ',', '"') }));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const read = parseCsv(rows.map((r) => csvLine(r)).join(''));
        expect(read.flat().filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
        expect(read.map((r) => r.map(readCsvCell))).toEqual(rows);
      }),
    );
  });
});

describe('sunatBaseName', () => {
  it('is RUC-TT-SERIE-NUMERO with the correlative unpadded', () => {
    expect(sunatBaseName({ payload: '{"empresa_Ruc":"20600995805"}', doc_type: '01', series: 'F001', number: 7 })).toBe('20600995805-01-F001-7');
  });
});

describe('ExportService limits', () => {
  it('refuses a zip of more documents than a zip without ZIP64 can hold, and still writes the CSV', async () => {
    const db = openDatabase({ path: ':memory:' });
    try {
      seedDocuments(db, MAX_ZIP_DOCUMENTS + 1); // spread over 2025
      const exporter = new ExportService({ db, demo: () => false });
      await expect(exporter.exportDocumentsZip({ from: '2025-01-01', to: '2025-12-31' })).rejects.toMatchObject({
        code: 'export_too_large',
        message: expect.stringMatching(/30001 comprobantes.*hasta 30000.*rango más corto/),
      });
      const csv = await exporter.exportDocumentsCsv({ from: '2025-01-01', to: '2025-12-31' });
      expect(csv.split('\r\n')).toHaveLength(MAX_ZIP_DOCUMENTS + 3); // header, rows, empty after the last CRLF
    } finally {
      db.close();
    }
  });
});

describe('the export query', () => {
  // Without migration 0012's index SQLite sorts each day's rows in one blocking step ("USE TEMP B-TREE FOR LAST 3
  // TERMS OF ORDER BY"): 15-25 ms of a held event loop at a million documents, a sale past a frame.
  it.each([false, true])('walks an index in the order it returns, with no sort step (CDR column: %s)', (withCdr) => {
    const db = openDatabase({ path: ':memory:' });
    try {
      const plan = db.sqlite.prepare(`EXPLAIN QUERY PLAN ${exportRowsStatement(db.sqlite, withCdr).source}`).all('2025-06-02', '2025-06-08', 0) as { detail: string }[];
      const details = plan.map((p) => p.detail).join(' | ');
      expect(details).toMatch(/USING INDEX documents_export_order/);
      expect(details).not.toMatch(/TEMP B-TREE/);
    } finally {
      db.close();
    }
  });
});
