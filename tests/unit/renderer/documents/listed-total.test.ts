// Documentos' footer: the net of what is listed, never a voided, rejected or not declared document, credit notes taken away.
import { describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../../shared/bridge';
import { listedTotal } from '../../../../renderer/src/screens/documents/listed-total';

const row = (id: number, docType: DocumentSummary['docType'], total: string, status: DocumentSummary['status'] = 'accepted', currency = 'PEN') =>
  ({ id, docType, total, status, currency }) as DocumentSummary;

describe('listedTotal', () => {
  it('adds sales and debit notes, takes credit notes away, skips voided, rejected and invalid documents', () => {
    const rows = [row(1, '03', '50.00'), row(2, '01', '118.00'), row(3, '07', '18.00'), row(4, '08', '2.00'), row(5, '03', '20.00'), row(6, '03', '9.00', 'rejected'), row(7, '03', '4.00', 'invalid'), row(8, '03', '5.00', 'accepted', 'USD')];
    expect(listedTotal(rows, new Set([5]))).toBe(`S/ 152.00 · ${listedTotal([row(9, '03', '5.00', 'accepted', 'USD')], new Set())}`);
  });

  it('nothing that counts: zero, not an empty cell', () => {
    expect(listedTotal([row(1, '03', '20.00')], new Set([1]))).toBe('S/ 0.00');
  });
});
