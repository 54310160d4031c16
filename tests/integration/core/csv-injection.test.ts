// Item 1: no export lets a name become a live formula in the accountant's Excel. Hostile customer names go
// through a real sale into the documents CSV and the CSV inside the zip; hostile descriptions into the products CSV;
// hostile cashier and till names (the shop-wide report's come from other tills) into the sales report. Each file is
// read back the way a spreadsheet reads it: no text cell may start with = + - @ tab or CR, amounts stay numbers.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { salesReportCsv } from '../../../electron/core/cash';
import { CSV_COLUMNS, ExportService, ZIP_CSV_NAME } from '../../../electron/core/export';
import type { DocumentSummary } from '../../../shared/bridge';
import type { SalesReport } from '../../../shared/cash';
import { parseCsv } from '../../unit/core/backup/parse-csv';
import { anonymousBoleta, until, useRigs } from './harness';

const rig = useRigs();

/** The security review's names, and the rest of OWASP's list. */
const HOSTILE = ['=HYPERLINK("http://evil.example")', "@SUM(1+1)*cmd|' /C calc'!A0", '+1+1', '-2+3', "'=1+1 ya con apóstrofo"];
const FORMULA = /^[=+\-@\t\r]/;

/** Every cell a spreadsheet would run as a formula (a plain number, such as -2.50, is not one). */
function liveFormulas(rows: string[][]): string[] {
  return rows.flat().filter((cell) => FORMULA.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell));
}

describe('CSV exports neutralise formulas', () => {
  it('the documents CSV and the CSV inside the zip: hostile customer names start with an apostrophe, amounts stay numbers', async () => {
    const r = await rig();
    const docs: DocumentSummary[] = [];
    for (const [i, name] of HOSTILE.entries()) {
      const customer = { docType: '1', docNumber: `4567891${i}`, name, address: '' };
      docs.push(await r.call<DocumentSummary>('issueSale', anonymousBoleta({ customer })));
    }
    await until(r, () => r.core.db.sqlite.prepare("SELECT COUNT(*) FROM documents WHERE status = 'pending'").pluck().get() === 0);
    const range = { from: docs[0]!.issueDate, to: docs.at(-1)!.issueDate };
    const exporter = new ExportService({ db: r.core.db, demo: () => true });
    const csv = await exporter.exportDocumentsCsv(range);
    const zips = [await exporter.exportDocumentsZip(range), await new ExportService({ db: r.core.db, demo: () => true, offThread: false }).exportDocumentsZip(range)];
    for (const zipped of zips) expect(await (await JSZip.loadAsync(zipped)).file(ZIP_CSV_NAME)!.async('string')).toBe(csv);

    const [header, ...rows] = parseCsv(csv);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(liveFormulas(rows)).toEqual([]);
    const names = rows.map((row) => row[CSV_COLUMNS.indexOf('cliente_nombre')]);
    expect(names.sort()).toEqual(HOSTILE.map((n) => `'${n}`).sort());
    for (const row of rows) expect(row[CSV_COLUMNS.indexOf('total')]).toMatch(/^\d+\.\d{2}$/);
    // The raw text: the neutralised cell is quoted (OWASP), so the apostrophe and the formula stay one text cell.
    expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csv).toContain(`"'+1+1"`);
  });

  it('the products CSV: hostile descriptions and codes are neutralised, and the file still imports back unchanged', async () => {
    const r = await rig();
    const products = HOSTILE.map((description, i) => ({ code: i === 0 ? '-SKU1' : `P${i}`, description, unit: 'NIU', price: '2.5', affectation: '10' }));
    for (const p of products) await r.call('saveProduct', p);
    const file = await r.call<{ csv: string }>('exportProducts', {});
    const rows = parseCsv(file.csv.replace(/^\uFEFF/, ''));
    expect(liveFormulas(rows)).toEqual([]);
    const mine = rows.filter((row) => products.some((p) => `'${p.code}` === row[0] || p.code === row[0]));
    expect(mine.map((row) => row[1]).sort()).toEqual(HOSTILE.map((n) => `'${n}`).sort());
    expect(mine.find((row) => row[0] === "'-SKU1")).toBeDefined();
    expect(mine.every((row) => row[3] === '2.50')).toBe(true);
    const again = await r.call<{ unchanged: number; imported: number; updated: number; errors: unknown[] }>('importProducts', { csv: file.csv, mode: 'all_or_nothing' });
    expect(again).toMatchObject({ imported: 0, updated: 0, errors: [] });
    expect(again.unchanged).toBe(rows.length - 1);
    const stored = await r.call<{ rows: { code: string; description: string }[] }>('listProducts', { includeInactive: true, limit: 500 });
    for (const p of products) expect(stored.rows.find((row) => row.code === p.code)?.description).toBe(p.description);
  });

  it('the shop-wide sales report: cashier and till names from other tills are neutralised; a negative total stays a number', () => {
    const tally = { currency: 'PEN', count: 2, total: '-2.50' };
    const report = {
      scope: 'shop',
      from: '2026-03-01',
      to: '2026-03-02',
      sales: [{ currency: 'PEN', count: 3, total: '12.00' }],
      byMethod: [],
      byDocType: [],
      byStatus: [],
      byCashier: [{ name: '=HYPERLINK("http://evil.example")', ...tally }, { name: '@SUM(1+1)', ...tally }],
      bySession: [{ label: "+1+1 caja", sessionId: null, ...tally }, { label: '-2+3', sessionId: null, ...tally }],
      discounts: [],
      notDeclared: [],
      voided: [],
      returns: [],
      returnsByMethod: [],
      debitNotes: [],
      net: [],
      // An operation number is typed at another till: text like any name.
      operations: [{ method: 'yape', label: 'Yape', reference: '=cmd|calc', currency: 'PEN', amount: '3.50', document: 'B002-00000001', docType: '03', issuedAt: '2026-03-01T10:00:00-05:00', terminal: '@Caja 2' }],
    } as unknown as SalesReport;
    const csv = salesReportCsv(report);
    const rows = parseCsv(csv.replace(/^\uFEFF/, ''));
    expect(liveFormulas(rows)).toEqual([]);
    const cashiers = rows.filter((row) => row[0] === 'cajero' || row[0] === 'caja');
    expect(cashiers.map((row) => row[1])).toEqual(["'=HYPERLINK(\"http://evil.example\")", "'@SUM(1+1)", "'+1+1 caja", "'-2+3"]);
    expect(cashiers.map((row) => row[4])).toEqual(['-2.50', '-2.50', '-2.50', '-2.50']);
    expect(csv).toContain(',2,-2.50\r\n'); // the amount is written bare: a number, not a quoted text
    const operation = rows.find((row) => row[0] === 'Yape');
    expect(operation?.[1]).toBe("'=cmd|calc");
    expect(operation?.at(-1)).toBe("'@Caja 2");
  });
});
