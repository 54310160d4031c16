// SOL credentials that stop working must not leave a document pending forever when SUNAT's record already
// proves it ours: a failed CDR query is unavailable evidence, and the record's state decides (table B6).
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '../../../../electron/core/api';
import { reconcile } from '../../../../electron/core/outbox/reconcile';
import { invoiceToRecord } from '../../../../electron/sandbox/records';
import { buildInvoice } from '../../../../shared/billing';
import { COMPANY, DNI_CUSTOMER, boleta, line } from '../../shared/billing/fixtures';

const issuer = { ruc: COMPANY.ruc, razonSocial: 'E', razonComercial: '-', nombreCalle: '-', nombreDistrito: '-', nombreProvincia: '-', nombreDepartamento: '-' };
const invoice = buildInvoice(boleta([line('2', '5.90')], { customer: DNI_CUSTOMER }), COMPANY);

function api(cdr: () => Promise<never>, record = invoiceToRecord(invoice, issuer)): ApiClient {
  return { receipt: async () => record, cdr } as unknown as ApiClient;
}
const creds = () => ({ usuario: 'MODDATOS', password: 'caducada' });

describe('reconciliation when the CDR query fails', () => {
  it.each([
    ['wrong SOL credentials (401)', () => Promise.reject(new ApiError('auth', 'Usuario o clave SOL incorrectos', 401))],
    ['a refused query (400)', () => Promise.reject(new ApiError('invalid', 'Credenciales no válidas', 400))],
    ['no answer', () => Promise.reject(new ApiError('timeout', 'Sin respuesta', undefined))],
  ])('%s: the record that shows this sale, accepted, decides', async (_why, cdr) => {
    const outcome = await reconcile({ payload: JSON.stringify(invoice), sentBefore: true }, { api: api(cdr as () => Promise<never>), portalCredentials: creds });
    expect(outcome).toMatchObject({ kind: 'final', status: 'accepted', cdrMissing: true });
  });

  it('with a "-" date and 10-decimal line amounts in the record, still ours (no false conflict)', async () => {
    const record = invoiceToRecord(invoice, issuer);
    record.fechaEmision = '-';
    record.detalleComprobanteBean[0]!.precioUnitario = '5.9000000000';
    record.detalleComprobanteBean[0]!.cantidad = '2.0000000000';
    const outcome = await reconcile(
      { payload: JSON.stringify(invoice), sentBefore: true },
      { api: api(() => Promise.reject(new ApiError('auth', 'x', 401)), record), portalCredentials: creds },
    );
    expect(outcome).toMatchObject({ kind: 'final', status: 'accepted' });
  });
});
