// The accountant's sales register in the layout of SIRE's replacement file (docs/sunat/sire-rvie.md): a period with
// sales in soles and dollars, an exonerated line, a credit note and a voided sale. Its totals are the period's figures
// of the period's Z to the cent, each line has the layout's 33 fields in their formats, and the check against
// SUNAT's proposal lists exactly the documents that differ.
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { DocumentSummary, SalesRegister, SalesRegisterComparison } from '../../../shared/bridge';
import type { CashReport } from '../../../shared/cash';
import { anonymousBoleta, line, statusOf, useRigs, type Rig } from './harness';

const rig = useRigs();

/** The proposal's columns as SIRE's export names them (docs/sunat/sire-rvie.md). */
const PROPOSAL_HEADER = [
  'Ruc', 'Razon Social', 'Periodo', 'CAR SUNAT', 'Fecha de emisión', 'Fecha Vcto/Pago', 'Tipo CP/Doc.', 'Serie del CDP',
  'Nro CP o Doc. Nro Inicial (Rango)', 'Nro Final (Rango)', 'Tipo Doc Identidad', 'Nro Doc Identidad',
  'Apellidos Nombres/ Razón Social', 'Valor Facturado Exportación', 'BI Gravada', 'Dscto BI', 'IGV / IPM',
  'Dscto IGV / IPM', 'Mto Exonerado', 'Mto Inafecto', 'ISC', 'BI Grav IVAP', 'IVAP', 'ICBPER', 'Otros Tributos',
  'Total CP', 'Moneda', 'Tipo Cambio', 'Fecha Emisión Doc Modificado', 'Tipo CP Modificado', 'Serie CP Modificado',
  'Nro CP Modificado', 'ID Proyecto Operadores Atribución', 'Tipo de Nota', 'Est. Comp', 'Valor FOB Embarcado',
  'Valor OP Gratuitas', 'Tipo Operación', 'DAM / CP', 'CLU',
];

interface Period {
  r: Rig;
  sale: DocumentSummary;
  exonerated: DocumentSummary;
  voided: DocumentSummary;
  dollars: DocumentSummary;
  credit: DocumentSummary;
  period: string;
}

async function seedPeriod(): Promise<Period> {
  const r = await rig();
  await r.call('setExchangeRate', { rate: '3.751' });
  // The period's sales go through one cash session, so its Z holds the period's figures.
  await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
  const sale = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
  const exonerated = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ lines: [line({ code: 'P020', description: 'Libro escolar', quantity: '1', unitPrice: '4.00', affectation: '20' })] }));
  const voided = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
  const dollars = await r.call<DocumentSummary>('issueSale', anonymousBoleta({ currency: 'USD', lines: [line({ code: 'ARZ5', description: 'Arroz extra 5 kg', quantity: '2', unitPrice: '24.90' })] }));
  await r.core.outbox.drain();
  const credit = await r.call<DocumentSummary>('issueNote', { clientKey: crypto.randomUUID(), of: sale.id, type: '07', reason: '07', description: 'Devolución de uno', lines: [{ line: 1, quantity: '1' }], refund: [{ method: 'efectivo', amount: '5.90' }] });
  await r.call('voidDocument', { clientKey: crypto.randomUUID(), of: voided.id, reason: 'Venta duplicada' });
  await r.core.outbox.drain();
  await r.core.voids.drain();
  expect([sale, exonerated, voided, dollars, credit].map((d) => statusOf(r, d.id))).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'accepted']);
  return { r, sale, exonerated, voided, dollars, credit, period: sale.issueDate.slice(0, 7) };
}

const fieldsOf = (text: string): string[][] =>
  text
    .split('\r\n')
    .filter((l) => l !== '')
    .map((l) => {
      expect(l.endsWith('|'), l).toBe(true);
      return l.slice(0, -1).split('|');
    });

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe('the SIRE sales register (RVIE)', () => {
  it('has the figures of the period\'s Z to the cent, and each line the layout of the replacement file', async () => {
    const { r, sale, exonerated, voided, dollars, credit, period } = await seedPeriod();
    const register = await r.call<SalesRegister>('exportSalesRegister', { period });
    const ruc = (JSON.parse(r.core.db.sqlite.prepare('SELECT payload FROM documents WHERE id = ?').pluck().get(sale.id) as string) as { empresa_Ruc: string }).empresa_Ruc;
    expect(register.fileName).toBe(`LE${ruc}${period.replace('-', '')}00140400021112.txt`);
    const lines = fieldsOf(register.text);
    expect(register.documents).toBe(5);
    expect(lines).toHaveLength(5);

    for (const f of lines) {
      expect(f).toHaveLength(33);
      expect(f[0]).toBe(ruc);
      expect(f[2]).toBe(period.replace('-', ''));
      expect(f[4]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(f[6]).toMatch(/^(01|03|07|08)$/);
      expect(f[7]).toMatch(/^[A-Z0-9]{4}$/);
      expect(f[8]).toMatch(/^[1-9]\d{0,7}$/);
      for (const amount of f.slice(13, 26)) expect(amount).toMatch(/^-?\d+\.\d{2}$/);
      expect(f[26]).toMatch(/^(PEN|USD)$/);
      expect(f[27]).toMatch(/^\d+\.\d{3}$/);
    }
    const byNumber = (d: DocumentSummary) => lines.find((f) => f[6] === d.docType && f[7] === d.series && f[8] === String(d.number))!;

    // The credit note: negative, with the boleta it modifies.
    const note = byNumber(credit);
    expect([note[14], note[16], note[25]]).toEqual(['-5.00', '-0.90', '-5.90']);
    expect(note.slice(28, 32)).toEqual([dmy(sale.issueDate), '03', sale.series, String(sale.number)]);
    expect(byNumber(sale).slice(28, 32)).toEqual(['', '', '', '']);
    // The voided sale stays, with every amount in zero.
    expect(new Set(byNumber(voided).slice(13, 26))).toEqual(new Set(['0.00']));
    // The exonerated line goes to field 19, not to the taxed base.
    expect([byNumber(exonerated)[14], byNumber(exonerated)[18], byNumber(exonerated)[25]]).toEqual(['0.00', '4.00', '4.00']);
    // Dollars: amounts as issued, with the document's rate; soles say 1.000.
    expect([byNumber(dollars)[25], byNumber(dollars)[26], byNumber(dollars)[27]]).toEqual([dollars.total, 'USD', '3.751']);
    expect([byNumber(sale)[26], byNumber(sale)[27]]).toEqual(['PEN', '1.000']);

    // The Z of the period's session: net per currency and the declared sales' taxes by kind.
    const report = await r.call<CashReport>('closeCashSession', { clientKey: crypto.randomUUID(), countedCash: '0', countedDollars: '0' });
    expect(report.kind).toBe('Z');
    const net = (c: string) => new Decimal(report.net.find((n) => n.currency === c)!.total);
    const taxes = (c: string) => report.taxes.find((t) => t.currency === c)!;
    const sum = (c: string, field: number) => lines.filter((f) => f[26] === c).reduce((s, f) => s.plus(f[field]!), new Decimal(0));
    for (const c of ['PEN', 'USD']) expect(sum(c, 25).toFixed(2), c).toBe(net(c).toFixed(2));
    // The Z's taxes are of sales; the register also holds the credit note (5.00 + 0.90 IGV back).
    expect(sum('PEN', 14).toFixed(2)).toBe(new Decimal(taxes('PEN').taxed).minus('5.00').toFixed(2));
    expect(sum('PEN', 16).toFixed(2)).toBe(new Decimal(taxes('PEN').igv).minus('0.90').toFixed(2));
    expect(sum('PEN', 18).toFixed(2)).toBe(new Decimal(taxes('PEN').exonerated).toFixed(2));
    expect(sum('USD', 14).toFixed(2)).toBe(new Decimal(taxes('USD').taxed).toFixed(2));

    // The totals by affectation are in soles: the dollar sale at its own rate.
    const soles = (pen: Decimal.Value, usd: Decimal.Value) => new Decimal(pen).plus(new Decimal(usd).times('3.751').toDecimalPlaces(2)).toFixed(2);
    expect(register.totals).toEqual({
      gravado: soles(new Decimal(taxes('PEN').taxed).minus('5.00'), taxes('USD').taxed),
      exonerado: soles(taxes('PEN').exonerated, '0'),
      inafecto: '0.00',
      igv: soles(new Decimal(taxes('PEN').igv).minus('0.90'), taxes('USD').igv),
      icbper: '0.00',
      total: soles(net('PEN'), net('USD')),
    });
  });

  it('checked against a proposal that lacks one document, has one more and one with another total, lists exactly those three', async () => {
    const { r, exonerated, dollars, period } = await seedPeriod();
    const register = await r.call<SalesRegister>('exportSalesRegister', { period });
    const rows = fieldsOf(register.text)
      .filter((f) => !(f[6] === '03' && f[7] === exonerated.series && f[8] === String(exonerated.number)))
      .map((f) => {
        const row = [...f, '', '1', '0.00', '0.00', '0101', '', ''];
        if (f[8] === String(dollars.number) && f[26] === 'USD') row[25] = '99.99';
        return row;
      });
    const extra = [...rows[0]!];
    extra[8] = '999';
    rows.push(extra);
    const proposal = [PROPOSAL_HEADER, ...rows].map((r) => r.join('|')).join('\r\n');

    const check = await r.call<SalesRegisterComparison>('compareSalesRegister', { period, proposal });
    const brief = (list: SalesRegisterComparison['onlyInSunat']) => list.map((d) => `${d.docType} ${d.series}-${d.number}`);
    expect(brief(check.onlyInCaja)).toEqual([`03 ${exonerated.series}-${exonerated.number}`]);
    expect(brief(check.onlyInSunat)).toEqual([`03 ${rows[0]![7]}-999`]);
    expect(brief(check.different)).toEqual([`03 ${dollars.series}-${dollars.number}`]);
    expect(check.different[0]!.what).toContain(`Caja ${dollars.total}`);
    expect(check.different[0]!.what).toContain('SUNAT 99.99');
    for (const d of [...check.onlyInCaja, ...check.onlyInSunat, ...check.different]) expect(d.what.length).toBeGreaterThan(20);

    // The same proposal as a comma-separated file with zero-padded numbers reads the same.
    const csv = [PROPOSAL_HEADER, ...rows.map((row) => row.map((cell, i) => (i === 8 ? cell.padStart(8, '0') : i === 12 ? `"${cell}"` : cell)))].map((row) => row.join(',')).join('\n');
    expect(await r.call<SalesRegisterComparison>('compareSalesRegister', { period, proposal: csv })).toEqual(check);
  });

  it('a note SUNAT holds that Caja still shows as «Requiere atención» is listed as different, with what to do', async () => {
    const { r, credit, period } = await seedPeriod();
    const register = await r.call<SalesRegister>('exportSalesRegister', { period });
    const proposal = [PROPOSAL_HEADER, ...fieldsOf(register.text)].map((row) => row.join('|')).join('\n');
    expect(await r.call<SalesRegisterComparison>('compareSalesRegister', { period, proposal })).toEqual({ onlyInSunat: [], onlyInCaja: [], different: [] });

    r.core.db.sqlite.prepare("UPDATE documents SET status = 'attention' WHERE id = ?").run(credit.id);
    const check = await r.call<SalesRegisterComparison>('compareSalesRegister', { period, proposal });
    expect([check.onlyInSunat, check.onlyInCaja]).toEqual([[], []]);
    expect(check.different).toEqual([{ docType: '07', series: credit.series, number: credit.number, what: expect.stringContaining('Requiere atención') }]);
    expect(check.different[0]!.what).toContain('Obtener CDR');
    // Not settled, it is not in the register any more.
    expect((await r.call<SalesRegister>('exportSalesRegister', { period })).documents).toBe(4);
  });
});
