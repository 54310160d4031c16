// Small builders for sale drafts used by the billing tests.
import type { CompanyInput, SaleDraftInput } from '../../../../shared/billing';

export const COMPANY: CompanyInput = { ruc: '20600995805' };
/** A real company RUC (from docs/sunat/reference.md §4.3) used as a factura customer. */
export const RUC_CUSTOMER = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Lima 123' };
export const DNI_CUSTOMER = { docType: '1', docNumber: '45678912', name: 'Juan Pérez', address: '' };

export type DraftLine = SaleDraftInput['lines'][number];

export function line(quantity: string | number, unitPrice: string | number, extra: Partial<DraftLine> = {}): DraftLine {
  return { code: 'P001', description: 'Producto', unit: 'NIU', quantity, unitPrice, affectation: '10', ...extra };
}

export function boleta(lines: DraftLine[], extra: Partial<SaleDraftInput> = {}): SaleDraftInput {
  return {
    docType: '03', series: 'B001', number: 1, issuedAt: '2026-03-02T10:15:00-05:00', currency: 'PEN', lines, ...extra,
  };
}

export function factura(lines: DraftLine[], extra: Partial<SaleDraftInput> = {}): SaleDraftInput {
  return {
    docType: '01', series: 'F001', number: 1, issuedAt: '2026-03-02T10:15:00-05:00', currency: 'PEN',
    customer: RUC_CUSTOMER, lines, ...extra,
  };
}
