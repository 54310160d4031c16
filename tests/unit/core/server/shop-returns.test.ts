// Several tills: what other tills' credit notes took back of a sale, read from their payloads as the shop
// server holds them (shop-returns.ts): whole returns take every line, returns by lines are placed on the sale's lines
// of the same product (identical lines filled in order), amounts take no line, and a note that cannot be read or
// placed makes the reading 'unreadable' (the return is then refused: what is left cannot be proven).
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../../shared/api';
import { otherTillsReturned } from '../../../../electron/core/server/shop-returns';
import type { ShopSale } from '../../../../electron/core/server/shop-notes';

const soldLine = (cod: string, cantidad: number) => ({ cod_Producto: cod, descripcion: `Producto ${cod}`, unidad: 'NIU', cantidad });
/** Three lines: 2 of A, 3 of B, and 1 more of A on its own line. */
const invoice = { detalle: [soldLine('A', 2), soldLine('B', 3), soldLine('A', 1)] } as unknown as Invoice;

const note = (id: string, total: string, payload: unknown) => ({ idBaseDato: id, series: 'BC02', number: 1, total, status: 'accepted', payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
const sale = (creditNotes: ShopSale['creditNotes']): ShopSale => ({
  idBaseDato: 's', terminalId: 't', terminal: 'Caja 1', docType: '03', series: 'B001', number: 1, issuedAt: '', total: '30.00', status: 'accepted', payload: '', credited: '0.00', creditNotes,
});

describe('other tills\' returns on a sale', () => {
  it('places a return by lines on the sale\'s lines of the same product, identical lines in order', () => {
    const got = otherTillsReturned(sale([note('n1', '9.00', { motivo_Cod: '07', detalle: [soldLine('A', 3), soldLine('B', 1)] })]), invoice, new Set());
    expect(got).toEqual({ totals: ['9.00'], returned: [{ line: 1, quantity: '2' }, { line: 2, quantity: '1' }, { line: 3, quantity: '1' }] });
  });

  it('a whole return takes every line; an amount takes none; this till\'s own notes are left out', () => {
    expect(otherTillsReturned(sale([note('n1', '30.00', { motivo_Cod: '06', detalle: [] })]), invoice, new Set())).toEqual({
      totals: ['30.00'], returned: [{ line: 1, quantity: '2' }, { line: 2, quantity: '3' }, { line: 3, quantity: '1' }],
    });
    expect(otherTillsReturned(sale([note('n1', '1.50', { motivo_Cod: '09', detalle: [soldLine('MOT0709', 1)] })]), invoice, new Set())).toEqual({ totals: ['1.50'], returned: [] });
    expect(otherTillsReturned(sale([note('mine', '30.00', { motivo_Cod: '06' })]), invoice, new Set(['mine']))).toEqual({ totals: [], returned: [] });
  });

  it('is unreadable when a note cannot be read or its lines cannot be placed on the sale', () => {
    expect(otherTillsReturned(sale([note('n1', '1.00', 'not json')]), invoice, new Set())).toBe('unreadable');
    expect(otherTillsReturned(sale([note('n1', '1.00', { motivo_Cod: '07', detalle: [soldLine('Z', 1)] })]), invoice, new Set())).toBe('unreadable');
    expect(otherTillsReturned(sale([note('n1', '1.00', { motivo_Cod: '07', detalle: [soldLine('A', 4)] })]), invoice, new Set())).toBe('unreadable');
  });
});
