// A note issued at the till describes itself by its reason's label ("Devolución por ítem"): the ticket prints the
// reason once, and the money it gave back only under "Devolución:" (no "Efectivo / Vuelto" as a sale's), on the HTML
// ticket and on the ESC/POS job.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildInvoice, buildNote } from '../../../../shared/billing';
import type { DocumentDetail } from '../../../../shared/bridge';
import { ticketFromDocument } from '../../../../renderer/print/ticket-data';
import { Ticket } from '../../../../renderer/print/Ticket';
import { ticketJob } from '../../../../electron/core/printing/escpos/ticket-job';

const COMPANY = { ruc: '20600995805', name: 'BODEGA EJEMPLO S.A.C.', tradeName: 'Bodega Ejemplo', address: 'Av. Lima 123, Lima', igvRegime: 'general' as const };
const line = (code: string, quantity: string, unitPrice: string) => ({ code, description: `Producto ${code}`, unit: 'NIU' as const, quantity, unitPrice, affectation: '10' as const });
const sale = buildInvoice(
  { docType: '03', series: 'B001', number: 24, issuedAt: '2026-03-02T10:00:00-05:00', currency: 'PEN', lines: [line('A', '2', '5.90'), line('B', '3', '2.50')] },
  { ruc: COMPANY.ruc },
);
const note = buildNote(sale, { type: '07', reason: '07', description: 'Devolución por ítem', lines: [{ line: 2, quantity: '2' }] }, {
  series: 'BC01', number: 1, issuedAt: '2026-03-03T09:00:00-05:00', idBaseDato: 'n-1',
});
const detail = {
  docType: '07', payload: JSON.stringify(note), hash: 'u7Y6uERK3Lwt8CcACbEVCR5Qo/0=', reprints: 0, demo: false, status: 'accepted',
  payments: [{ method: 'efectivo', label: 'Efectivo', kind: 'cash', tendered: '5.00', applied: '5.00', reference: '' }],
  modifies: { id: 1, docType: '03', series: 'B001', number: 24, issuedAt: sale.fecha_Emision, total: '19.30', status: 'accepted', reason: '07', reasonLabel: 'Devolución por ítem' },
} as unknown as DocumentDetail;
const count = (text: string, word: string) => text.split(word).length - 1;

describe('a note issued at the till, printed', () => {
  // Even when the till hands over the cash received (as after a sale), a note has no change.
  const data = ticketFromDocument(detail, COMPANY, { copy: false, cashReceived: '10.00' });

  it('names the reason once', () => {
    expect(data.modifies?.reason).toBe('07 Devolución por ítem');
    const html = renderToStaticMarkup(createElement(Ticket, { data, paper: '80mm' }));
    expect(count(html, 'Devolución por ítem')).toBe(1);
  });

  it('prints the refund under "Devolución:" only, on the HTML ticket and the ESC/POS job', () => {
    expect(data.payment).toMatchObject({ method: null, cash: null, change: null, tenders: [{ label: 'Efectivo', amount: '5.00' }] });
    const html = renderToStaticMarkup(createElement(Ticket, { data, paper: '80mm' }));
    expect(html).toContain('Devolución:');
    expect(html).not.toContain('Vuelto');
    expect(html).not.toContain('Forma de pago');
    const job = Buffer.from(ticketJob(data, { width: '80mm', codePage: 'cp850' })).toString('latin1');
    expect(job).toContain('Efectivo: S/');
    expect(job).not.toContain('Vuelto');
    expect(job).not.toContain('Forma de pago');
    expect(count(job, 'Devoluci')).toBe(2); // "Motivo: 07 Devolución por ítem" and "Devolución:"
    expect(count(job, 'por ')).toBe(1);
  });
});
