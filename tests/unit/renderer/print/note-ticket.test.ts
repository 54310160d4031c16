// A printed credit note names itself, the document it modifies with its date, the reason, positive lines
// and totals, the amount in words, the hash and the QR, on the 80 mm ticket and on A4.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildInvoice, buildNote } from '../../../../shared/billing';
import type { DocumentDetail } from '../../../../shared/bridge';
import { ticketFromDocument } from '../../../../renderer/print/ticket-data';
import { A4Page } from '../../../../renderer/print/A4Page';
import { Ticket } from '../../../../renderer/print/Ticket';

const COMPANY = { ruc: '20600995805', name: 'BODEGA EJEMPLO S.A.C.', tradeName: 'Bodega Ejemplo', address: 'Av. Lima 123, Lima', igvRegime: 'general' as const };
const line = (code: string, quantity: string, unitPrice: string) => ({ code, description: `Producto ${code}`, unit: 'NIU' as const, quantity, unitPrice, affectation: '10' as const });

const sale = buildInvoice(
  { docType: '03', series: 'B001', number: 24, issuedAt: '2026-03-02T10:00:00-05:00', currency: 'PEN', lines: [line('A', '2', '59.00'), line('B', '3', '2.50')] },
  { ruc: COMPANY.ruc },
);
const note = buildNote(sale, { type: '07', reason: '07', description: 'Devolución de B', lines: [{ line: 2, quantity: '1' }] }, {
  series: 'BC01', number: 1, issuedAt: '2026-03-03T09:00:00-05:00', idBaseDato: 'n-1',
});
const detail = {
  payload: JSON.stringify(note), hash: 'u7Y6uERK3Lwt8CcACbEVCR5Qo/0=', reprints: 0, demo: false, status: 'accepted',
  modifies: { id: 1, docType: '03', series: 'B001', number: 24, issuedAt: sale.fecha_Emision, total: '125.50', status: 'accepted', reason: '07', reasonLabel: 'Devolución por ítem' },
} as unknown as DocumentDetail;

describe('a printed credit note', () => {
  it('names itself and what it modifies, with positive amounts, words, hash and QR', () => {
    const t = ticketFromDocument(detail, COMPANY, { copy: false });
    expect(t).toMatchObject({
      docType: '07', docName: 'NOTA DE CRÉDITO ELECTRÓNICA', seriesNumber: 'BC01-00000001',
      modifies: { document: 'BOLETA DE VENTA B001-00000024', issueDate: '02/03/2026', reason: '07 Devolución por ítem: Devolución de B' },
      words: 'SON DOS CON 50/100 SOLES', hash: 'u7Y6uERK3Lwt8CcACbEVCR5Qo/0=',
    });
    expect(t.totals.total).toBe('2.50');
    expect(t.lines.map((l) => [l.code, l.quantity, l.total])).toEqual([['B', '1', '2.50']]);
    expect(t.qr).toBe('20600995805|07|BC01|1|0.38|2.50|2026-03-03|0|00000000|u7Y6uERK3Lwt8CcACbEVCR5Qo/0=|');
    for (const page of [createElement(Ticket, { data: t, paper: '80mm' }), createElement(A4Page, { data: t })]) {
      const html = renderToStaticMarkup(page);
      expect(html).toContain('NOTA DE CRÉDITO ELECTRÓNICA');
      expect(html).toContain('BC01-00000001');
      expect(html).toContain('Documento que modifica');
      expect(html).toContain('BOLETA DE VENTA B001-00000024 del 02/03/2026');
      expect(html).toContain('07 Devolución por ítem: Devolución de B');
      expect(html).not.toContain('-2.50');
    }
  });
});
