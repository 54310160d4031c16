import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { InvoiceSchema, type Invoice } from '../../../shared/api';
import { buildInvoice, type SaleDraftInput } from '../../../shared/billing';
import type { SaleInputParsed } from '../../../shared/bridge';
import { limaDate, limaDateTime } from '../../../shared/catalog';
import type { Db, DocumentRow, DocumentsRepository, SeriesRepository } from '../db';
import type { CustomersService } from './customers';
import { CoreError } from './errors';
import type { SettingsService } from './settings';

export interface IssueDeps {
  db: Db;
  documents: DocumentsRepository;
  series: SeriesRepository;
  settings: SettingsService;
  customers: CustomersService;
  now: () => Date;
}

/**
 * The hot path (architecture §2.2): in ONE immediate transaction take the next number of the terminal's series,
 * build the Invoice JSON, check it against the strict API schema and store it as `pending`. The returned document
 * is printable before any network call; the outbox sends it later.
 */
export class IssueService {
  private readonly tx: (draft: Omit<SaleDraftInput, 'number'>) => { row: DocumentRow; invoice: Invoice };

  constructor(private readonly deps: IssueDeps) {
    this.tx = deps.db.sqlite.transaction((draft: Omit<SaleDraftInput, 'number'>) => this.store(draft)).immediate;
  }

  issue(input: SaleInputParsed): DocumentRow {
    const { settings, now } = this.deps;
    const names = settings.seriesNames();
    const series = input.docType === '01' ? names.factura : names.boleta;
    const draft = {
      ...input,
      series,
      issuedAt: limaDateTime(now()),
      idBaseDato: randomUUID(),
    };
    // An invalid draft makes buildInvoice throw SaleValidationError inside the transaction, which rolls back: no
    // number is spent, and the dispatcher reports the fields in Spanish.
    const { row, invoice } = this.tx(draft);
    this.deps.customers.remember({
      docType: invoice.cliente_Tipo_Doc,
      docNumber: invoice.cliente_Num_Doc,
      name: invoice.cliente_Razon_Social,
      address: invoice.cliente_Direccion === '-' ? '' : invoice.cliente_Direccion,
    });
    return row;
  }

  private company() {
    const c = this.deps.settings.company();
    return { ruc: c.ruc, igvRegime: c.igvRegime };
  }

  private store(draft: Omit<SaleDraftInput, 'number'>): { row: DocumentRow; invoice: Invoice } {
    const { documents, series, settings } = this.deps;
    const number = series.nextNumber(draft.docType as '01' | '03', draft.series as string);
    const invoice = InvoiceSchema.parse(buildInvoice({ ...draft, number }, this.company()));
    const id = documents.insert({
      id_base_dato: invoice.id_Base_Dato ?? String(draft.idBaseDato),
      doc_type: invoice.tipo_Doc,
      series: invoice.serie,
      number,
      issued_at: invoice.fecha_Emision,
      issue_date: limaDate(new Date(Date.parse(invoice.fecha_Emision))),
      currency: invoice.tipo_Moneda,
      customer_doc_type: invoice.cliente_Tipo_Doc,
      customer_doc_number: invoice.cliente_Num_Doc,
      customer_name: invoice.cliente_Razon_Social,
      total: money(invoice.monto_Imp_Venta),
      igv: money(invoice.monto_Igv),
      payload: JSON.stringify(invoice),
      demo: settings.isDemo(),
    });
    const row = documents.getById(id);
    if (!row) throw new CoreError('internal', 'No se pudo leer el comprobante recién guardado.');
    return { row, invoice };
  }
}

/** A JSON money number (at most 2 decimals) as a fixed 2-decimal string, without float arithmetic. */
const money = (n: number) => new Decimal(String(n)).toFixed(2);
