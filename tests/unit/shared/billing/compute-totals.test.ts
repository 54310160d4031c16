import { describe, expect, it } from 'vitest';
import { buildInvoice, computeTotals } from '../../../../shared/billing';
import { COMPANY, boleta, line } from './fixtures';

describe('computeTotals', () => {
  it('gives display strings for a complete draft, matching the built invoice', () => {
    const draft = boleta([
      line(9, '9.70'), line(6, '6.50'), line(3, '2.30', { affectation: '20' }), line(2, '0.10', { bag: true }),
    ]);
    const totals = computeTotals(draft, COMPANY);
    const invoice = buildInvoice(draft, COMPANY);
    // Example C plus 2 bags at 0.10: T 0.20 → V 0.17, IGV 0.03, ICBPER 1.00.
    expect(totals).toEqual({
      gravadas: '107.20', exoneradas: '6.90', igv: '19.30', icbper: '1.00', total: '134.40',
      words: 'SON CIENTO TREINTA Y CUATRO CON 40/100 SOLES', igvPercent: '18',
      lines: [
        { value: '73.98', igv: '13.32', icbper: '0.00', total: '87.30', complete: true },
        { value: '33.05', igv: '5.95', icbper: '0.00', total: '39.00', complete: true },
        { value: '6.90', igv: '0.00', icbper: '0.00', total: '6.90', complete: true },
        { value: '0.17', igv: '0.03', icbper: '1.00', total: '1.20', complete: true },
      ],
    });
    expect(Number(totals.total)).toBe(invoice.monto_Imp_Venta);
    expect(Number(totals.igv)).toBe(invoice.monto_Igv);
    expect(totals.words).toBe(invoice.legend[0]!.legend_Value);
  });

  it('skips incomplete lines while the cashier types', () => {
    const totals = computeTotals(
      { lines: [{ quantity: '2' }, { quantity: '2', unitPrice: '59', affectation: '10' }, { quantity: '', unitPrice: '5', affectation: '10' },
        { quantity: '1.', unitPrice: '.5', affectation: '20' }, null, 'x'] },
      COMPANY,
    );
    expect(totals.lines.map((l) => l.complete)).toEqual([false, true, false, true, false, false]);
    expect(totals.lines[0]).toEqual({ value: '0.00', igv: '0.00', icbper: '0.00', total: '0.00', complete: false });
    expect([totals.gravadas, totals.exoneradas, totals.igv, totals.total]).toEqual(['100.00', '0.50', '18.00', '118.50']);
  });

  it('tolerates garbage and empty drafts', () => {
    for (const draft of [undefined, null, 42, 'x', {}, { lines: 'x' }, { lines: [] }]) {
      const totals = computeTotals(draft, null);
      expect(totals).toMatchObject({ total: '0.00', igv: '0.00', words: 'SON CERO CON 00/100 SOLES', lines: [] });
    }
  });

  it('uses the company regime, its fixed rate, the currency, and the rates at now() without issuedAt', () => {
    const special = computeTotals(boleta([line(1, '110.50')]), { ...COMPANY, igvRegime: 'special' });
    expect([special.gravadas, special.igv, special.igvPercent]).toEqual(['100.00', '10.50', '10.5']);
    const fixed = computeTotals(boleta([line(1, '110')]), { igvRate: '0.10' });
    expect([fixed.gravadas, fixed.igv]).toEqual(['100.00', '10.00']);
    const usd = computeTotals({ currency: 'USD', lines: [line(1, '1')] }, COMPANY);
    expect(usd.words).toBe('SON UNO CON 00/100 DÓLARES AMERICANOS');
    const in2022 = computeTotals({ lines: [line(1, '0.10', { bag: true })] }, COMPANY, () => new Date('2022-05-01T12:00:00Z'));
    expect(in2022.icbper).toBe('0.40');
  });

  it('stays fast for a 200-line sale', () => {
    const lines = Array.from({ length: 200 }, (_, i) =>
      line(String((i % 7) + 1), `${(i % 50) + 1}.${String(i % 100).padStart(2, '0')}`, { affectation: i % 5 === 0 ? '20' : '10' }));
    const draft = boleta(lines);
    computeTotals(draft, COMPANY);
    const rounds = 50;
    const start = performance.now();
    for (let i = 0; i < rounds; i += 1) computeTotals(draft, COMPANY);
    const perCall = (performance.now() - start) / rounds;
    // One keystroke must not stall the form; measured ~1.3 ms here, the bound leaves room for slow CI machines.
    expect(perCall).toBeLessThan(16);
  });
});
