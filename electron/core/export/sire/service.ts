// The accountant's sales register for SIRE and its check against SUNAT's proposal, over this till's documents of a
// period (Lima issue dates), of the current mode only, read like the other exports (documents-query.ts).
import { DOC_STATUS_LABELS, type DocStatus } from '../../../../shared/bridge/status';
import type {
  CompareSalesRegisterInput,
  RegisterDifference,
  SalesRegister,
  SalesRegisterComparison,
  SalesRegisterInput,
} from '../../../../shared/bridge/sire';
import type { Db } from '../../db';
import { CoreError } from '../../services/errors';
import { forEachExportRow, type ExportRow } from '../documents-query';
import { readProposal, type ProposalRow } from './proposal';
import {
  REGISTER_STATUSES,
  addToTotals,
  emptyTotals,
  isVoided,
  money,
  noteReference,
  registerAmounts,
  registerLine,
  sireFileName,
  totalsText,
  type ModifiedDocument,
  type SireCompany,
} from './register';

export interface SireServiceOptions {
  db: Db;
  demo: () => boolean;
  company: () => SireCompany;
}

/** Documents that never became valid: SUNAT refused them, or their number went to another document. */
const NEVER_VALID: ReadonlySet<string> = new Set(['rejected', 'invalid', 'conflict']);

export class SireService {
  constructor(private readonly options: SireServiceOptions) {}

  async exportSalesRegister(input: SalesRegisterInput): Promise<SalesRegister> {
    const company = this.company();
    const rows = await this.rows(input.period);
    const lines: string[] = [];
    const totals = emptyTotals();
    for (const row of rows) {
      if (!REGISTER_STATUSES.has(row.status)) continue;
      lines.push(registerLine(row, company, input.period, this.modified(row)));
      addToTotals(totals, row);
    }
    return {
      fileName: sireFileName(company.ruc, input.period, lines.length > 0),
      text: lines.map((l) => `${l}\r\n`).join(''),
      documents: lines.length,
      totals: totalsText(totals),
    };
  }

  async compareSalesRegister(input: CompareSalesRegisterInput): Promise<SalesRegisterComparison> {
    const proposal = new Map<string, ProposalRow>();
    for (const row of readProposal(input.proposal)) proposal.set(keyOf(row.docType, row.series, row.number), row);
    const result: SalesRegisterComparison = { onlyInSunat: [], onlyInCaja: [], different: [] };
    const seen = new Set<string>();
    for (const row of await this.rows(input.period)) {
      const key = keyOf(row.doc_type, row.series, row.number);
      const theirs = proposal.get(key);
      const status = row.status as DocStatus;
      const label = DOC_STATUS_LABELS[status] ?? row.status;
      if (theirs) seen.add(key);
      const item = (what: string): RegisterDifference => ({ docType: row.doc_type, series: row.series, number: row.number, what });
      if (NEVER_VALID.has(row.status)) {
        if (theirs) result.different.push(item(`SUNAT lo tiene, pero en Caja figura «${label}». Consulte su CDR en Documentos («Obtener CDR») y corrija el estado antes de aceptar la propuesta.`));
        continue;
      }
      if (!REGISTER_STATUSES.has(row.status)) {
        result[theirs ? 'different' : 'onlyInCaja'].push(
          item(
            theirs
              ? `SUNAT ya lo tiene, pero en Caja figura «${label}». Use «Obtener CDR» en Documentos para que Caja lo dé por aceptado; la propuesta está bien en este comprobante.`
              : `Caja lo emitió y aún no está declarado (estado «${label}»). Resuelva su envío en Documentos antes de cerrar el periodo; hasta entonces SUNAT no lo incluirá.`,
          ),
        );
        continue;
      }
      if (!theirs) {
        result.onlyInCaja.push(item('Caja lo tiene aceptado y la propuesta de SUNAT no lo incluye. Revise su constancia (CDR) en Documentos y agréguelo a la propuesta en SIRE, o reemplace la propuesta con el registro de Caja.'));
        continue;
      }
      const ours = registerAmounts(row).total;
      if (theirs.total === null || !ours.abs().equals(theirs.total.abs())) {
        const sunat = theirs.total === null ? 'sin total' : money(theirs.total);
        const voided = isVoided(row) ? ' (anulado en Caja)' : '';
        result.different.push(item(`Total distinto: Caja ${money(ours)}${voided}, SUNAT ${sunat}${theirs.currency ? ` ${theirs.currency}` : ''}. Compare el comprobante con su XML y corrija la propuesta en SIRE con el importe correcto.`));
      }
    }
    for (const [key, row] of proposal) {
      if (seen.has(key)) continue;
      result.onlyInSunat.push({
        docType: row.docType,
        series: row.series,
        number: row.number,
        what: 'SUNAT lo tiene y esta caja no. Si lo emitió otra caja o el portal de SUNAT, déjelo en la propuesta; si no lo reconoce, consúltelo con su contador antes de aceptar.',
      });
    }
    return result;
  }

  private company(): SireCompany {
    const company = this.options.company();
    if (!/^\d{11}$/.test(company.ruc)) throw new CoreError('company_missing', 'Falta el RUC de la empresa: complételo en Ajustes → Empresa.');
    return company;
  }

  private async rows(period: string): Promise<ExportRow[]> {
    const rows: ExportRow[] = [];
    const range = { from: `${period}-01`, to: `${period}-31` };
    await forEachExportRow(this.options.db, range, this.options.demo(), false, (row) => rows.push(row));
    return rows;
  }

  /** The document a note modifies, with its issue date when it is in this till's database. */
  private modified(row: ExportRow): ModifiedDocument | null {
    const ref = noteReference(row);
    if (ref === null) return null;
    const issueDate = this.options.db.sqlite
      .prepare<[string, string, number, number], string>('SELECT issue_date FROM documents WHERE doc_type = ? AND series = ? AND number = ? AND demo = ?')
      .pluck()
      .get(ref.docType, ref.series, ref.number, this.options.demo() ? 1 : 0);
    return { ...ref, issueDate: issueDate ?? null };
  }
}

function keyOf(docType: string, series: string, number: number): string {
  return `${docType}|${series}|${number}`;
}
