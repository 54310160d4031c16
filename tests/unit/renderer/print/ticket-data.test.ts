import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReceiptRecord } from '../../../../shared/api';
import { buildInvoice, type SaleDraftInput } from '../../../../shared/billing';
import type { DocumentDetail } from '../../../../shared/bridge';
import { isoFromDayMonthYear } from '../../../../shared/printing/record-data';
import { ticketFromDocument, ticketFromRecord } from '../../../../renderer/print/ticket-data';
import { A4Page } from '../../../../renderer/print/A4Page';
import { Ticket } from '../../../../renderer/print/Ticket';

const COMPANY = { ruc: '20600995805', name: 'BODEGA EJEMPLO S.A.C.', tradeName: 'Bodega Ejemplo', address: 'Av. Lima 123, Lima', igvRegime: 'general' as const };

function detailOf(draft: SaleDraftInput, over: Partial<DocumentDetail> = {}): DocumentDetail {
  const invoice = buildInvoice(draft, { ruc: COMPANY.ruc });
  return { payload: JSON.stringify(invoice), hash: null, reprints: 0, demo: false, status: 'pending', ...over } as DocumentDetail;
}

const line = (quantity: string, unitPrice: string, extra: Record<string, unknown> = {}) => ({
  code: 'P001', description: 'Producto', unit: 'NIU' as const, quantity, unitPrice, affectation: '10' as const, ...extra,
});

describe('ticketFromDocument', () => {
  const boleta: SaleDraftInput = {
    docType: '03', series: 'B001', number: 12, issuedAt: '2026-03-02T21:15:00-05:00', currency: 'PEN',
    lines: [line('2', '59.00'), line('2', '0.10', { code: 'BOLSA', description: 'Bolsa plástica', bag: true })],
  };

  it('prints the original of an anonymous boleta: totals, ICBPER, words, QR without hash, cash and change', () => {
    const t = ticketFromDocument(detailOf(boleta), COMPANY, { copy: false, cashReceived: '150' });
    expect(t).toMatchObject({
      docName: 'BOLETA DE VENTA ELECTRÓNICA', seriesNumber: 'B001-00000012', number: '12',
      issuedAt: '02/03/2026 21:15:00', issueDate: '2026-03-02', customer: null, copy: false, copyNumber: null,
      issuer: { ruc: '20600995805', name: 'BODEGA EJEMPLO S.A.C.', tradeName: 'Bodega Ejemplo', address: 'Av. Lima 123, Lima' },
    });
    // 118.00 of goods (100.00 + 18.00 IGV) + 0.20 bag (0.17 + 0.03) + ICBPER 2 × 0.50.
    expect(t.totals).toEqual({ gravadas: '100.17', exoneradas: '0.00', igv: '18.03', icbper: '1.00', total: '119.20', igvRate: '18' });
    expect(t.lines.map((l) => [l.quantity, l.unitPrice, l.total, l.bag])).toEqual([['2', '59.00', '118.00', false], ['2', '0.10', '0.20', true]]);
    expect(t.words).toBe('SON CIENTO DIECINUEVE CON 20/100 SOLES');
    expect(t.payment).toEqual({ method: 'CONTADO', installments: [], cash: { received: '150.00', change: '30.80' }, tenders: [], change: null });
    expect(t.qr).toBe('20600995805|03|B001|12|18.03|119.20|2026-03-02|0|00000000||');
  });

  it('prints unit prices with their decimals, unit names, the IGV rate, exonerated lines and the offline note', () => {
    const sale: SaleDraftInput = {
      ...boleta,
      lines: [line('10', '0.125', { unit: 'NIU' }), line('1.5', '4.20', { code: 'PAPA', unit: 'KGM', affectation: '20' })],
    };
    const t = ticketFromDocument(detailOf(sale), COMPANY, { copy: false });
    expect(t.lines.map((l) => [l.quantity, l.unitName, l.unitPrice, l.total, l.exonerated])).toEqual([
      ['10', 'UNIDAD', '0.125', '1.25', false],
      ['1.5', 'KILOGRAMO', '4.20', '6.30', true],
    ]);
    expect(t.totals.igvRate).toBe('18');
    expect(t.awaitingSunat).toBe(true);
    expect(ticketFromDocument({ ...detailOf(sale), status: 'accepted' }, COMPANY, { copy: false }).awaitingSunat).toBe(false);
  });

  it('prints the hash and puts it in the QR once the API returned it; a copy carries its number', () => {
    const t = ticketFromDocument(detailOf(boleta, { hash: 'u7Y6uERK3Lwt8CcACbEVCR5Qo/0=', reprints: 2 }), COMPANY, { copy: true });
    expect(t.hash).toBe('u7Y6uERK3Lwt8CcACbEVCR5Qo/0=');
    expect(t.qr.endsWith('|0|00000000|u7Y6uERK3Lwt8CcACbEVCR5Qo/0=|')).toBe(true);
    expect(t).toMatchObject({ copy: true, copyNumber: 3 });
    expect(t.payment.cash).toBeNull();
  });

  it('prints a factura on credit with its instalments and the customer', () => {
    const factura: SaleDraftInput = {
      docType: '01', series: 'F001', number: 3, issuedAt: '2026-03-02T10:15:00-05:00', currency: 'PEN',
      customer: { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Arequipa 100' },
      lines: [line('2', '177.00')],
      payment: { method: 'CREDITO', installments: [{ amount: '200.00', dueDate: '2026-04-01' }, { amount: '154.00', dueDate: '2026-05-01' }] },
    };
    const t = ticketFromDocument(detailOf(factura), COMPANY, { copy: false, cashReceived: '400' });
    expect(t.customer).toEqual({ docType: '6', docLabel: 'RUC', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Arequipa 100' });
    expect(t.payment).toEqual({
      method: 'CREDITO',
      installments: [{ number: 1, amount: '200.00', dueDate: '2026-04-01' }, { number: 2, amount: '154.00', dueDate: '2026-05-01' }],
      cash: null,
      tenders: [],
      change: null,
    });
    expect(t.qr).toBe('20600995805|01|F001|3|54.00|354.00|2026-03-02|6|20100066603||');
  });

  it('prints the payments stored with the document, with operation numbers and the change, over what the till typed', () => {
    const payments = [
      { method: 'yape', label: 'Yape', kind: 'wallet' as const, tendered: '20.00', applied: '20.00', reference: '123456' },
      { method: 'efectivo', label: 'Efectivo', kind: 'cash' as const, tendered: '110.00', applied: '99.20', reference: '' },
    ];
    const t = ticketFromDocument(detailOf(boleta, { payments }), COMPANY, { copy: false, cashReceived: '150' });
    expect(t.payment).toEqual({
      method: 'CONTADO', installments: [], cash: null, change: '10.80',
      tenders: [{ label: 'Yape', amount: '20.00', reference: '123456' }, { label: 'Efectivo', amount: '110.00', reference: '' }],
    });
  });

  it('ignores cash that is not a number or does not cover the total', () => {
    expect(ticketFromDocument(detailOf(boleta), COMPANY, { copy: false, cashReceived: 'abc' }).payment.cash).toBeNull();
    expect(ticketFromDocument(detailOf(boleta), COMPANY, { copy: false, cashReceived: '100' }).payment.cash).toBeNull();
    expect(ticketFromDocument(detailOf(boleta), COMPANY, { copy: false, cashReceived: '119,20' }).payment.cash).toEqual({ received: '119.20', change: '0.00' });
  });
});

const RECORD: ReceiptRecord = {
  numeroRuc: '20100000009', razonSocial: 'BODEGA DEMO CAJA S.A.C.', razonComercial: '-', tipoComprobante: '01',
  serieComprobante: 'F001', numeroComprobante: 45, subTipoComprobante: '-', nombreCalle: 'AV. GRAU 120', nombreDistrito: 'MIRAFLORES',
  nombreProvincia: 'LIMA', nombreDepartamento: '-', codigoMoneda: 'PEN', simboloMoneda: 'S/', fechaEmision: '5/3/2026',
  fechaVencimiento: '04/04/2026', tipoDocumentoCliente: '6', desTipoDocumentoCliente: 'RUC', numeroDocumentoCliente: '20200000006',
  nombreCliente: 'DISTRIBUIDORA ANDINA DEMO S.A.', observacion: '-', glosa: '-', montoTotalGeneral: 354,
  montoTotalTexto: 'SON TRESCIENTOS CINCUENTA Y CUATRO CON 00/100 SOLES', totalDescuentos: 0, totalAnticipos: 0, totalISC: 0,
  totalIGV: 54, totalOtrosCargos: 0, totalOtrosTributos: 0, totalValorVenta: 300, totalValorVentaExonerado: 0, totalInafOner: 0,
  totalGravOner: 300, totalValorVentaOperaGratuitas: 0, indicadorEstado: '1', documentoRelacionadoBean: [],
  detalleComprobanteBean: [
    { identificador: 1, descripcion: 'ARROZ EXTRA SACO 50 KG', cantidad: '2', precioUnitario: '177.00', codigoItem: 'ARZ50', codigoUnidadMedida: 'NIU', unidadMedidaDesc: 'UNIDAD', valorVtaUnitario: '150.00' },
    { identificador: 2, descripcion: 'AZUCAR', cantidad: '0.755', precioUnitario: '3.333', codigoItem: 'AZ', codigoUnidadMedida: 'KGM', unidadMedidaDesc: 'KILOGRAMO', valorVtaUnitario: '2.82' },
  ],
};

describe('ticketFromRecord', () => {
  it('converts the day/month/year dates, the string amounts and the words; a copy without hash and without payment form', () => {
    const t = ticketFromRecord(RECORD);
    expect(t).toMatchObject({
      docName: 'FACTURA ELECTRÓNICA', seriesNumber: 'F001-00000045', issuedAt: '05/03/2026', issueDate: '2026-03-05', dueDate: '04/04/2026',
      words: 'SON TRESCIENTOS CINCUENTA Y CUATRO CON 00/100 SOLES', hash: null, copy: true, copyNumber: null,
      issuer: { ruc: '20100000009', name: 'BODEGA DEMO CAJA S.A.C.', tradeName: '', address: 'AV. GRAU 120, MIRAFLORES, LIMA' },
      customer: { docLabel: 'RUC', docNumber: '20200000006', name: 'DISTRIBUIDORA ANDINA DEMO S.A.' },
      payment: { method: null, installments: [], cash: null, tenders: [], change: null },
    });
    // a unit price keeps the decimals it has: 0.755 × 3.333 = 2.52 on paper
    expect(t.lines.map((l) => [l.quantity, l.unitPrice, l.total, l.unitName])).toEqual([
      ['2', '177.00', '354.00', 'UNIDAD'],
      ['0.755', '3.333', '2.52', 'KILOGRAMO'],
    ]);
    expect(t.totals).toEqual({ gravadas: '300.00', exoneradas: '0.00', igv: '54.00', icbper: '0.00', total: '354.00', igvRate: null });
    expect(t.qr).toBe('20100000009|01|F001|45|54.00|354.00|2026-03-05|6|20200000006||');
  });

  it('reads dates written with a dash as absent', () => {
    expect(isoFromDayMonthYear('-')).toBe('');
    expect(isoFromDayMonthYear('31/12/2025')).toBe('2025-12-31');
    const t = ticketFromRecord({ ...RECORD, fechaVencimiento: '-', montoTotalTexto: '-' });
    expect(t.dueDate).toBeNull();
    expect(t.words).toBe('');
  });
});

describe('a document without tax validity is marked on every print', () => {
  const sale: SaleDraftInput = {
    docType: '03', series: 'B001', number: 7, issuedAt: '2026-03-02T21:15:00-05:00', currency: 'PEN', lines: [line('1', '10.00')],
  };

  it('RECHAZADO for a rejected one, NO DECLARADO for an invalid one, with why; the offline note only while open', () => {
    const rejected = ticketFromDocument(detailOf(sale, { status: 'rejected', reissuedAs: null }), COMPANY, { copy: true });
    expect(rejected.notDeclared).toEqual({ mark: 'RECHAZADO', reason: 'Este comprobante no tiene validez tributaria: SUNAT lo rechazó.', replacedBy: null });
    expect(rejected.awaitingSunat).toBe(false);
    const invalid = ticketFromDocument(detailOf(sale, { status: 'invalid', reissuedAs: { id: 9, series: 'B001', number: 8 } }), COMPANY, { copy: false });
    expect(invalid.notDeclared).toEqual({ mark: 'NO DECLARADO', reason: 'Este comprobante no tiene validez tributaria: no fue declarado a SUNAT.', replacedBy: 'B001-00000008' });
    for (const status of ['pending', 'attention', 'accepted', 'observed', 'conflict'] as const) {
      const t = ticketFromDocument(detailOf(sale, { status }), COMPANY, { copy: true });
      expect(t.notDeclared, status).toBeUndefined();
      expect(t.awaitingSunat, status).toBe(status === 'pending' || status === 'attention' || status === 'conflict');
    }
  });

  it('ANULADO on a sale undone whole by a credit note SUNAT accepted, naming the note; not while the note waits', () => {
    const link = (status: string, reason = '01') => ({ id: 9, docType: '07' as const, series: 'BC01', number: 12, issuedAt: '2026-03-03T10:00:00-05:00', total: '10.00', status, reason, reasonLabel: null });
    const t = ticketFromDocument(detailOf(sale, { status: 'accepted', notes: [link('accepted')] }), COMPANY, { copy: true });
    expect(t.notDeclared).toEqual({ mark: 'ANULADO', reason: 'Anulado mediante la nota de crédito BC01-00000012: este comprobante ya no tiene efecto.', replacedBy: null });
    expect(ticketFromDocument(detailOf(sale, { status: 'accepted', notes: [link('pending')] }), COMPANY, { copy: true }).notDeclared).toBeUndefined();
    expect(ticketFromDocument(detailOf(sale, { status: 'accepted', notes: [link('accepted', '07')] }), COMPANY, { copy: true }).notDeclared).toBeUndefined();
  });

  it('a note prints no payment form: only the money it gave back, under "Devolución"', () => {
    const note = { ...sale, docType: '07' as const, series: 'BC01' };
    const invoice = buildInvoice({ ...note, docType: '03' }, { ruc: COMPANY.ruc });
    const payload = { ...invoice, tipo_Doc: '07', afectado_Tipo_Doc: '03', afectado_Num_Doc: 'B001-7', motivo_Cod: '07', motivo_Des: 'Devuelve' };
    delete (payload as { forma_pago?: unknown }).forma_pago;
    const refunded = { payload: JSON.stringify(payload), hash: null, reprints: 0, demo: false, status: 'accepted', notes: [], modifies: null, payments: [{ method: 'efectivo', label: 'Efectivo', kind: 'cash', tendered: '10.00', applied: '10.00', reference: '' }] } as unknown as DocumentDetail;
    const t = ticketFromDocument(refunded, COMPANY, { copy: false });
    expect(t.payment).toMatchObject({ method: null, tenders: [{ label: 'Efectivo', amount: '10.00' }], cash: null, change: null });
    const text = renderToStaticMarkup(createElement(Ticket, { data: t })).replace(/<[^>]+>/g, ' ');
    expect(text).toContain('Devolución:');
    expect(text).not.toContain('Forma de pago');
    expect(text).not.toContain('Vuelto');
  });

  it('ANULADO on every copy of a sale whose void SUNAT accepted, though its own status still reads accepted', () => {
    for (const copy of [false, true]) {
      const t = ticketFromDocument(detailOf(sale, { status: 'accepted', voided: true }), COMPANY, { copy });
      expect(t.notDeclared).toEqual({ mark: 'ANULADO', reason: 'SUNAT aceptó su anulación: este comprobante no tiene validez tributaria.', replacedBy: null });
      for (const Template of [Ticket, A4Page]) {
        const text = renderToStaticMarkup(createElement(Template, { data: t })).replace(/<[^>]+>/g, ' ');
        expect(text.indexOf('ANULADO')).toBeGreaterThan(-1);
        expect(text.indexOf('ANULADO')).toBeLessThan(text.indexOf(COMPANY.name));
      }
    }
    expect(ticketFromDocument(detailOf(sale, { status: 'accepted', voided: false }), COMPANY, { copy: true }).notDeclared).toBeUndefined();
  });

  it.each([
    ['ticket', Ticket],
    ['A4', A4Page],
  ] as const)('the %s prints the mark and its reason before anything else', (_name, Template) => {
    for (const [status, mark] of [['rejected', 'RECHAZADO'], ['invalid', 'NO DECLARADO']] as const) {
      const data = ticketFromDocument(detailOf(sale, { status }), COMPANY, { copy: true });
      const html = renderToStaticMarkup(createElement(Template, { data }));
      const text = html.replace(/<[^>]+>/g, ' ');
      expect(text.indexOf(mark)).toBeGreaterThan(-1);
      expect(text.indexOf(mark)).toBeLessThan(text.indexOf('REIMPRESIÓN'));
      expect(text.indexOf(mark)).toBeLessThan(text.indexOf(COMPANY.name));
      expect(text).toContain('Este comprobante no tiene validez tributaria');
      expect(text).not.toContain('pendiente de envío');
    }
    const accepted = renderToStaticMarkup(createElement(Template, { data: ticketFromDocument(detailOf(sale, { status: 'accepted' }), COMPANY, { copy: true }) }));
    expect(accepted).not.toMatch(/RECHAZADO|NO DECLARADO|validez tributaria/);
  });
});
