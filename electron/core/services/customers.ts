import type { Customer, CustomerLookupResult } from '../../../shared/bridge';
import { isValidRuc } from '../../../shared/ids';
import { isApiError, type ApiClient } from '../api';
import type { CustomersRepository } from '../db';
import { CoreError } from './errors';

/**
 * Customer autofill. The local customer book answers first (and offline); a DNI not in the book is asked of the API
 * and kept. Nothing here may block a sale: "not found" and "offline" are answers with a note, not errors.
 */
export class CustomersService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly api: ApiClient,
  ) {}

  async lookup(docType: '1' | '6', docNumber: string): Promise<CustomerLookupResult> {
    if (docType === '6' && !isValidRuc(docNumber)) {
      throw new CoreError('validation', 'El RUC no es válido.', [{ path: 'docNumber', message: 'RUC no válido (dígito verificador)' }]);
    }
    if (docType === '1' && !/^\d{8}$/.test(docNumber)) {
      throw new CoreError('validation', 'El DNI tiene 8 dígitos.', [{ path: 'docNumber', message: 'El DNI tiene 8 dígitos' }]);
    }
    const known = this.customers.get(docType, docNumber);
    if (known) return { found: true, source: 'book', customer: toCustomer(known) };
    if (docType === '6') {
      return { found: false, source: 'none', note: 'RUC válido, no está en la libreta: ingrese razón social y dirección.' };
    }
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
