// The X and Z's taxes by kind and numbering per series, exact to the cent.
import { describe, expect, it } from 'vitest';
import { seriesRangeText, seriesRanges, summarizeSales, taxesByKind, taxRows, type ReportDocument } from '../../../../shared/cash';

const doc = (over: Partial<ReportDocument>): ReportDocument => ({
  id: 1, docType: '03', status: 'accepted', currency: 'PEN', total: '0', cashierName: 'Ana', superseded: false, ...over,
});

describe('taxes by kind and series ranges', () => {
  it('sums gravadas, exoneradas, inafectas, IGV and ICBPER (taxes beyond the IGV) per currency', () => {
    const taxes = taxesByKind([
      { docType: '03', currency: 'PEN', taxed: '21.1', exonerated: null, igv: '3.8', taxesTotal: '3.8' },
      { docType: '01', currency: 'PEN', taxed: '10', exonerated: '4.5', unaffected: '1', igv: '1.8', taxesTotal: '2.1' },
    ]);
    expect(taxes).toEqual([{ currency: 'PEN', taxed: '31.10', exonerated: '4.50', unaffected: '1.00', igv: '5.60', icbper: '0.30' }]);
    expect(taxRows(taxes[0]!).map((r) => `${r.label} ${r.amount}`)).toEqual([
      'Op. gravadas 31.10', 'Op. exoneradas 4.50', 'Op. inafectas 1.00', 'IGV 5.60', 'ICBPER 0.30',
    ]);
  });

  it('gives the first and last number of each series, every document counted', () => {
    const ranges = seriesRanges([
      { docType: '03', currency: 'PEN', series: 'B001', number: 12 },
      { docType: '03', currency: 'PEN', series: 'B001', number: 10 },
      { docType: '01', currency: 'PEN', series: 'F001', number: 3 },
      { docType: '03', currency: 'PEN', series: 'B001', number: 11 },
    ]);
    expect(ranges.map(seriesRangeText)).toEqual(['B001: 00000010 – 00000012 (3)', 'F001: 00000003 – 00000003 (1)']);
  });

  it('in a report, taxes count declared sales only; numbering counts every document, rejected and superseded too', () => {
    const summary = summarizeSales(
      [
        doc({ id: 1, series: 'B001', number: 1, total: '11.80', taxed: '10', igv: '1.8', taxesTotal: '1.8' }),
        doc({ id: 2, series: 'B001', number: 2, total: '5.90', status: 'rejected', taxed: '5', igv: '0.9', taxesTotal: '0.9' }),
        doc({ id: 3, series: 'B001', number: 3, total: '5.90', superseded: true, taxed: '5', igv: '0.9', taxesTotal: '0.9' }),
      ],
      [],
    );
    expect(summary.taxes).toEqual([{ currency: 'PEN', taxed: '10.00', exonerated: '0.00', unaffected: '0.00', igv: '1.80', icbper: '0.00' }]);
    expect(summary.series).toEqual([{ docType: '03', series: 'B001', first: 1, last: 3, count: 3 }]);
  });
});
