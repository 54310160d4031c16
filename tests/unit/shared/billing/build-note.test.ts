// A note's money: an amount split over the sale's affectations, a line return never crediting more than what is left of
// the line, and the reasons a shop cannot build refused (docs/sunat/notes.md, "Validation codes that bind notes").
import { describe, expect, it } from 'vitest';
import type { Invoice, Note } from '../../../../shared/api';
import { buildInvoice, buildNote, SaleValidationError, type NoteRequest } from '../../../../shared/billing';
import type { EarlierCredits } from '../../../../shared/billing/build-note';
import { CREDIT_NOTE_REASONS, offeredNoteReasons } from '../../../../shared/catalog/note-reasons';
import { boleta, COMPANY, line } from './fixtures';

const NUMBERING = { series: 'BC01', number: 1, issuedAt: '2026-03-03T09:00:00-05:00', idBaseDato: 'n-1' };

const sale = (lines: Parameters<typeof boleta>[0]): Invoice => buildInvoice(boleta(lines), COMPANY);
const note = (original: Invoice, request: Partial<NoteRequest>, earlier?: EarlierCredits): Note =>
  buildNote(original, { type: '07', reason: '07', description: 'Devolución', ...request }, NUMBERING, earlier);

/** What a note's lines add up to: each line's value plus its IGV. */
const linesTotal = (n: Note) => n.detalle.reduce((sum, l) => sum + Math.round((l.monto_Valor_Venta + l.igv) * 100), 0) / 100;

describe('an amount note on a sale of mixed affectations', () => {
  // 50.00 exonerated + 1.18 taxed (IGV 0.18): 51.18.
  const mixed = () => sale([line('1', '50.00', { affectation: '20', code: 'EXO' }), line('1', '1.18', { code: 'GRA' })]);

  it('splits a credit over the affectations in proportion to the sale, never crediting more IGV than the sale had', () => {
    const original = mixed();
    expect(original.monto_Igv).toBe(0.18);
    const n = note(original, { reason: '09', amount: '50.00', description: 'Rebaja' });
    // 50.00 × 1.18 / 51.18 = 1.1528 → 1.15 taxed; the exonerated part takes the rest: 48.85.
    expect(n.detalle.map((l) => [l.tip_Afe_Igv, l.monto_Valor_Venta + l.igv])).toEqual([['10', 1.15], ['20', 48.85]]);
    expect(n.monto_Imp_Venta).toBe(50);
    expect(n.monto_Igv).toBe(0.18);
    expect(n.monto_Oper_Gravadas).toBe(0.97);
    expect(n.monto_Oper_Exoneradas).toBe(48.85);
    expect(linesTotal(n)).toBe(50);
  });

  it('splits a debit note the same way', () => {
    const n = buildNote(mixed(), { type: '08', reason: '02', description: 'Aumento', amount: '10.00' }, { ...NUMBERING, series: 'BD01' });
    // 10 × 1.18 / 51.18 = 0.2306 → 0.23 taxed (IGV 0.04); 9.77 exonerated.
    expect(n.detalle.map((l) => [l.tip_Afe_Igv, l.monto_Valor_Venta + l.igv])).toEqual([['10', 0.23], ['20', 9.77]]);
    expect(n.monto_Igv).toBe(0.04);
    expect(n.monto_Imp_Venta).toBe(10);
  });

  it('an amount too small to reach an affectation puts it all on the others', () => {
    const n = note(mixed(), { reason: '04', amount: '0.01', description: 'Descuento' });
    // 0.01 × 1.18 / 51.18 rounds to 0.00: one exonerated line.
    expect(n.detalle.map((l) => l.tip_Afe_Igv)).toEqual(['20']);
    expect(n.monto_Igv).toBe(0);
    expect(n.monto_Imp_Venta).toBe(0.01);
  });

  it('an exonerated sale takes the whole amount exonerated; a taxed sale taxed', () => {
    expect(note(sale([line('2', '5.00', { affectation: '20' })]), { reason: '10', amount: '3.00' }).monto_Igv).toBe(0);
    const taxed = note(sale([line('2', '5.90')]), { reason: '10', amount: '11.80' });
    expect(taxed.detalle).toHaveLength(1);
    expect(taxed.monto_Igv).toBe(1.8);
  });

  it("caps the note's IGV at the sale's, whose lines each rounded their IGV away", () => {
    // Ten lines of 0.03: each V = round2(0.03 / 1.18) = 0.03, IGV 0.00; the sale's IGV is 0.
    const original = sale(Array.from({ length: 10 }, (_, i) => line('1', '0.03', { code: `P${i}` })));
    expect(original.monto_Igv).toBe(0);
    const n = note(original, { reason: '09', amount: '0.30' });
    expect(n.monto_Igv).toBe(0);
    expect(n.monto_Imp_Venta).toBe(0.3);
    expect(n.monto_Oper_Gravadas).toBe(0.3);
    expect(n.detalle[0]).toMatchObject({ igv: 0, monto_Base_Igv: 0.3, monto_Valor_Venta: 0.3, total_Impuestos: 0 });
  });

  it('counts the IGV earlier credit notes took', () => {
    const original = sale([line('1', '11.80')]);
    const n = note(original, { reason: '09', amount: '5.90' }, { returned: [], credited: [], igv: '1.75' });
    // 5.90 would carry 0.90 of IGV; 1.80 − 1.75 = 0.05 is left.
    expect(n.monto_Igv).toBe(0.05);
    expect(n.monto_Imp_Venta).toBe(5.9);
    expect(n.monto_Oper_Gravadas).toBe(5.85);
  });
});

describe('a line return never credits more than what is left of the line', () => {
  // 3 × 1.005 = 3.015 → 3.02.
  const thirds = () => sale([line('3', '1.005')]);

  it('unit by unit: 1.01 + 1.01 + 1.00 = 3.02, the last unit taking the remainder', () => {
    const original = thirds();
    expect(original.monto_Imp_Venta).toBe(3.02);
    const first = note(original, { lines: [{ line: 1, quantity: '1' }] }, { returned: [], credited: [] });
    const second = note(original, { lines: [{ line: 1, quantity: '1' }] }, { returned: [{ line: 1, quantity: '1' }], credited: [{ line: 1, amount: '1.01' }] });
    const last = note(original, { lines: [{ line: 1, quantity: '1' }] }, { returned: [{ line: 1, quantity: '2' }], credited: [{ line: 1, amount: '2.02' }] });
    expect([first.monto_Imp_Venta, second.monto_Imp_Venta, last.monto_Imp_Venta]).toEqual([1.01, 1.01, 1]);
    expect(last.detalle[0]).toMatchObject({ cantidad: 1, monto_Precio_Unitario: 1 });
    expect(linesTotal(last)).toBe(1);
  });

  it('a weighed line: 0.125 kg sold for 1.24, returned as 0.100 (1.00) then 0.025 (0.24, not 0.25)', () => {
    const original = sale([line('0.125', '9.95', { unit: 'KGM' })]);
    expect(original.monto_Imp_Venta).toBe(1.24);
    const first = note(original, { lines: [{ line: 1, quantity: '0.1' }] }, { returned: [], credited: [] });
    expect(first.monto_Imp_Venta).toBe(1);
    const rest = note(original, { lines: [{ line: 1, quantity: '0.025' }] }, { returned: [{ line: 1, quantity: '0.1' }], credited: [{ line: 1, amount: '1.00' }] });
    expect(rest.monto_Imp_Venta).toBe(0.24);
    expect(rest.detalle[0]).toMatchObject({ cantidad: 0.025, unidad: 'KGM' });
    expect(linesTotal(rest)).toBe(0.24);
  });

  it('a partial return is capped at what is left; nothing left refuses', () => {
    const original = thirds();
    // Earlier notes (built before the cap) credited 2.02 for 1 unit: 1.00 is left for the next, whatever is returned.
    const capped = note(original, { lines: [{ line: 1, quantity: '1' }] }, { returned: [{ line: 1, quantity: '1' }], credited: [{ line: 1, amount: '2.02' }] });
    expect(capped.monto_Imp_Venta).toBe(1);
    expect(() => note(original, { lines: [{ line: 1, quantity: '1' }] }, { returned: [{ line: 1, quantity: '2' }], credited: [{ line: 1, amount: '3.02' }] })).toThrow(
      SaleValidationError,
    );
  });

  it('without the amounts of earlier notes, estimates them from the quantities', () => {
    const last = note(thirds(), { lines: [{ line: 1, quantity: '1' }] }, { returned: [{ line: 1, quantity: '2' }] });
    // 2 × 1.005 = 2.01 credited: 1.01 is left.
    expect(last.monto_Imp_Venta).toBe(1.01);
  });

  it('other lines of the same note keep their own amounts', () => {
    const original = sale([line('3', '1.005'), line('2', '5.90', { code: 'P002' })]);
    const n = note(original, { lines: [{ line: 2, quantity: '1' }, { line: 1, quantity: '1' }] }, { returned: [{ line: 1, quantity: '2' }], credited: [{ line: 1, amount: '2.02' }] });
    expect(n.detalle.map((l) => [l.cod_Producto, l.monto_Valor_Venta + l.igv])).toEqual([['P002', 5.9], ['P001', 1]]);
    expect(n.monto_Imp_Venta).toBe(6.9);
  });
});

describe('reasons a shop cannot build', () => {
  it('04, 05 and 08 say that on a boleta SUNAT accepts them with an observation (4367)', () => {
    expect(offeredNoteReasons('07').filter((r) => r.onBoleta).map((r) => r.code)).toEqual(['04', '05', '08']);
  });

  it('11, 12 and 13 are not offered, and building them refuses in Spanish', () => {
    expect(offeredNoteReasons('07').map((r) => r.code)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10']);
    expect(offeredNoteReasons('08').map((r) => r.code)).toEqual(['01', '02', '03']);
    // Still in the catalogue: a note of another till under one of them still reads with its label.
    expect(CREDIT_NOTE_REASONS.map((r) => r.code)).toContain('13');
    const original = sale([line('2', '5.90')]);
    for (const reason of ['11', '12', '13']) {
      let error: unknown;
      try {
        note(original, { reason, amount: '1.00' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SaleValidationError);
      expect((error as SaleValidationError).errors[0]).toMatchObject({ path: 'reason', message: expect.stringMatching(/^Caja no emite notas/) });
    }
  });
});
