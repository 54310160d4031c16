import { taxpayerWarning, type RucInfo } from '../../../shared/api';
import type { Customer, CustomerLookupResult } from '../../../shared/bridge';
import { isValidRuc } from '../../../shared/ids';
import { isApiError, type ApiClient } from '../api';
import type { CustomersRepository, LookupsRepository } from '../db';
import { CoreError } from './errors';

/** A RUC looked up less than this long ago is served from the cache (state and condition change rarely). */
const RUC_FRESH_MS = 24 * 60 * 60_000;

/**
 * Customer autofill. The local customer book answers first (and offline); a DNI not in the book is asked of the API
 * and kept. Nothing here may block a sale: "not found" and "offline" are answers with a note, not errors.
 */
export class CustomersService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly api: ApiClient,
    private readonly lookups?: LookupsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async lookup(docType: '1' | '6', docNumber: string): Promise<CustomerLookupResult> {
    if (docType === '6' && !isValidRuc(docNumber)) {
      throw new CoreError('validation', 'El RUC no es válido.', [{ path: 'docNumber', message: 'RUC no válido (dígito verificador)' }]);
    }
    if (docType === '1' && !/^\d{8}$/.test(docNumber)) {
      throw new CoreError('validation', 'El DNI tiene 8 dígitos.', [{ path: 'docNumber', message: 'El DNI tiene 8 dígitos' }]);
    }
    if (docType === '6') return this.lookupRuc(docNumber);
    const known = this.customers.get(docType, docNumber);
    if (known) return { found: true, source: 'book', customer: toCustomer(known) };
    try {
      const citizen = await this.api.dni(docNumber);
      const customer: Customer = {
        docType: '1',
        docNumber,
        name: citizen.nombre_completo.trim(),
        address: (citizen.direccion_completa || citizen.direccion || '').trim(),
      };
      this.customers.upsert({ ...customer, source: 'dni_lookup' });
      return { found: true, source: 'api', customer };
    } catch (e) {
      if (!isApiError(e)) throw e;
      const note =
        e.kind === 'not_found'
          ? 'DNI no encontrado: ingrese el nombre a mano.'
          : e.kind === 'auth'
            ? 'Consulta de DNI no disponible (revise el token en Ajustes): ingrese el nombre a mano.'
            : 'Sin conexión con la consulta de DNI: ingrese el nombre a mano.';
      return { found: false, source: 'none', note };
    }
  }

  /**
   * A factura's customer: SUNAT's record (razón social, fiscal address, state) from the RUC lookup, kept in the
   * customer book and the lookup cache; a recent answer and, offline, any earlier one are served from the cache.
   */
  private async lookupRuc(ruc: string): Promise<CustomerLookupResult> {
    const cached = this.lookups?.get<RucInfo>('ruc', ruc);
    const fresh = cached && this.now().getTime() - Date.parse(cached.fetched_at) < RUC_FRESH_MS;
    if (cached && fresh) return this.fromRucInfo(cached.response, 'cache', cached.fetched_at);
    try {
      const info = await this.api.ruc(ruc);
      this.lookups?.put('ruc', ruc, info);
      const result = this.fromRucInfo(info, 'api', this.now().toISOString());
      if (result.customer) this.customers.upsert({ ...result.customer, source: 'ruc_lookup' });
      return result;
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (cached) return { ...this.fromRucInfo(cached.response, 'cache', cached.fetched_at), note: 'Sin conexión: datos de la última consulta.' };
      const known = this.customers.get('6', ruc);
      if (known) return { found: true, source: 'book', customer: toCustomer(known) };
      const note =
        e.kind === 'not_found'
          ? 'SUNAT no tiene ese RUC: revise el número o ingrese razón social y dirección a mano.'
          : e.kind === 'auth'
            ? 'Consulta de RUC no disponible (revise el token en Ajustes): ingrese razón social y dirección.'
            : 'Sin conexión con la consulta de RUC: ingrese razón social y dirección.';
      return { found: false, source: 'none', note };
    }
  }

  private fromRucInfo(info: RucInfo, source: 'api' | 'cache', fetchedAt: string): CustomerLookupResult {
    const customer: Customer = {
      docType: '6',
      docNumber: info.numero,
      name: info.nombre_o_razon_social.trim(),
      address: (info.direccion_completa || info.direccion).trim(),
    };
    const warning = taxpayerWarning(info);
    return {
      found: true,
      source,
      customer,
      taxpayer: { estado: info.estado, condicion: info.condicion, fetchedAt },
      ...(warning ? { warning } : {}),
    };
  }

  search(text: string): Customer[] {
    return this.customers.search(text, 20).map(toCustomer);
  }

  /** Every identified customer of an issued sale goes into the book, so the next sale autofills offline. */
  remember(customer: Customer): void {
    if (customer.docType === '0' || !customer.docNumber || customer.docNumber === '00000000') return;
    this.customers.upsert({ ...customer, source: 'sale' });
  }
}

function toCustomer(row: { doc_type: string; doc_number: string; name: string; address: string }): Customer {
  return { docType: row.doc_type, docNumber: row.doc_number, name: row.name, address: row.address };
}
