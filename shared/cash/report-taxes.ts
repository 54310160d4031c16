// Taxes by kind and numbering per series for the X and the Z. The accountant reads the shift's Op.
// gravadas / exoneradas / inafectas, IGV and ICBPER, and the first and last number each series used, without opening
// every document. Pure functions over the same documents as the rest of the report, exact decimals; the HTML ticket
// (renderer/print/CashReportTicket.tsx) and the raw ESC/POS job read the same rows.
import { z } from 'zod';
import { Dec, ZERO, fixed2 } from '../billing/decimal';

/** Per currency: the declared sales' tax bases and taxes (boletas and facturas; notes are shown apart). */
export const TaxesByKindSchema = z.object({
  currency: z.string(),
  /** Op. gravadas: value of the taxed lines, without IGV. */
  taxed: z.string(),
  /** Op. exoneradas. */
  exonerated: z.string(),
  /** Op. inafectas. */
  unaffected: z.string(),
  igv: z.string(),
  /** Impuesto al consumo de bolsas plásticas. */
  icbper: z.string(),
});
export type TaxesByKind = z.infer<typeof TaxesByKindSchema>;

/** One series used in the report: its first and last number and how many documents it holds (every one issued). */
export const SeriesRangeSchema = z.object({
  docType: z.enum(['01', '03', '07', '08']),
  series: z.string(),
  first: z.number().int(),
  last: z.number().int(),
  count: z.number().int(),
});
export type SeriesRange = z.infer<typeof SeriesRangeSchema>;

/** What the report's documents carry for these rows (read from the stored document; absent on older callers). */
export interface TaxedDocument {
  docType: '01' | '03' | '07' | '08';
  currency: string;
  series?: string;
  number?: number;
  /** Op. gravadas, exoneradas, inafectas, IGV, and all taxes together (IGV + ICBPER), as decimal text or null. */
  taxed?: string | null;
  exonerated?: string | null;
  unaffected?: string | null;
  igv?: string | null;
  taxesTotal?: string | null;
}

const dec = (text: string | null | undefined): Dec => (text === null || text === undefined || text === '' ? ZERO : new Dec(text));

/** Sums the declared sales' taxes by kind, per currency (documents without tax data are skipped). */
export function taxesByKind(declaredSales: readonly TaxedDocument[]): TaxesByKind[] {
  const rows = new Map<string, { taxed: Dec; exonerated: Dec; unaffected: Dec; igv: Dec; icbper: Dec }>();
  for (const d of declaredSales) {
    if (d.taxed === undefined && d.igv === undefined) continue;
    const row = rows.get(d.currency) ?? { taxed: ZERO, exonerated: ZERO, unaffected: ZERO, igv: ZERO, icbper: ZERO };
    const igv = dec(d.igv);
    row.taxed = row.taxed.plus(dec(d.taxed));
    row.exonerated = row.exonerated.plus(dec(d.exonerated));
    row.unaffected = row.unaffected.plus(dec(d.unaffected));
    row.igv = row.igv.plus(igv);
    row.icbper = row.icbper.plus(Dec.max(ZERO, dec(d.taxesTotal).minus(igv)));
    rows.set(d.currency, row);
  }
  return [...rows.entries()].map(([currency, r]) => ({
    currency,
    taxed: fixed2(r.taxed),
    exonerated: fixed2(r.exonerated),
    unaffected: fixed2(r.unaffected),
    igv: fixed2(r.igv),
    icbper: fixed2(r.icbper),
  }));
}

/** First and last number per series, in the order the series first appear (every document counts: a number used is used). */
export function seriesRanges(documents: readonly TaxedDocument[]): SeriesRange[] {
  const rows = new Map<string, SeriesRange>();
  for (const d of documents) {
    if (d.series === undefined || d.number === undefined) continue;
    const key = `${d.docType}|${d.series}`;
    const row = rows.get(key);
    if (!row) rows.set(key, { docType: d.docType, series: d.series, first: d.number, last: d.number, count: 1 });
    else {
      row.first = Math.min(row.first, d.number);
      row.last = Math.max(row.last, d.number);
      row.count += 1;
    }
  }
  return [...rows.values()];
}

/** The rows as the printed report lists them: "Op. gravadas" ... "ICBPER", with 2 decimals. */
export function taxRows(taxes: TaxesByKind): { label: string; amount: string }[] {
  return [
    { label: 'Op. gravadas', amount: taxes.taxed },
    { label: 'Op. exoneradas', amount: taxes.exonerated },
    { label: 'Op. inafectas', amount: taxes.unaffected },
    { label: 'IGV', amount: taxes.igv },
    { label: 'ICBPER', amount: taxes.icbper },
  ];
}

/** "B001: 00000001 – 00000012 (12)": a series' numbering as printed. */
export function seriesRangeText(range: SeriesRange): string {
  const pad = (n: number) => String(n).padStart(8, '0');
  return `${range.series}: ${pad(range.first)} – ${pad(range.last)} (${range.count})`;
}
