// The cash session of this till: open with a float, cash in and out, the X at any time, the count and the
// Z that closes it for good. A session belongs to the till (this database), not to a series: `terminal` only records
// the boleta series it was opened under. Closing takes the report and the close in
// one immediate transaction, so no sale slips in between the Z and the close.
import type Database from 'better-sqlite3';
import type { Approval, CashState, CloseCashSessionInput } from '../../../shared/bridge';
import {
  buildCashReport,
  buildSalesReport,
  type SalesReport,
  type SalesReportInput,
  CashReportSchema,
  totalOfCount,
  type CashMovement,
  type CashReport,
  type CashSession,
  type DenominationCount,
  type ReportCollection,
} from '../../../shared/cash';
import { Dec } from '../../../shared/billing/decimal';
import { sessionView, type CashRepository, type CashSessionRow, type Db } from '../db';
import { CoreError } from '../services/errors';
import type { SettingsService } from '../services/settings';
import type { AuthService } from '../users';

type Who = { id: number | null; name: string };

export interface CashDeps {
  db: Db;
  cash: CashRepository;
  auth: AuthService;
  settings: SettingsService;
  now: () => Date;
  /** Collections of credit sales (electron/core/accounts): counted apart from sales, their cash in the drawer. */
  collections?: {
    ofSession(sessionId: number): ReportCollection[];
    /** Between two instants, `to` excluded. */
    between(from: string, to: string): ReportCollection[];
  };
}

/** The instant a Lima day starts, as UTC ISO. */
const limaDayStart = (day: string) => new Date(`${day}T00:00:00-05:00`).toISOString();
const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export class CashService {
  private readonly closeTx: Database.Transaction<(input: CloseInput) => CashReport>;

  constructor(private readonly deps: CashDeps) {
    this.closeTx = deps.db.sqlite.transaction((input: CloseInput) => this.closeNow(input));
  }

  private terminal(): string {
    return this.deps.settings.seriesNames().boleta;
  }

  /** Who acts: the signed-in user (or "Caja" while no users exist). */
  private who(): Who {
    const me = this.deps.auth.current();
    return me ? { id: me.id, name: me.name } : { id: null, name: 'Caja' };
  }

  /** The till's open session: a boleta series changed in Ajustes meanwhile does not orphan it. */
  private openRow(): CashSessionRow | undefined {
    return this.deps.cash.openOnTill();
  }

  state(): CashState {
    const row = this.openRow();
    return { session: row ? sessionView(row) : null, required: this.deps.settings.shift().requireSession };
  }

  /**
   * The session a sale belongs to, read inside the issuing transaction: the open one, or none when none is required.
   * Selling without one when it is required is refused (before any number is spent).
   */
  sessionForSale(): number | null {
    const row = this.openRow();
    if (row) return row.id;
    if (this.deps.settings.shift().requireSession && this.deps.auth.session().usersExist) {
      throw new CoreError('cash_closed', 'La caja está cerrada: ábrala con el fondo de caja antes de vender.', [{ path: 'cash', message: 'Abra la caja' }]);
    }
    return null;
  }

  open(openingFloat: string): CashSession {
    if (this.openRow()) throw new CoreError('cash_open', 'La caja ya está abierta en este equipo.');
    return sessionView(this.deps.cash.open({ terminal: this.terminal(), user: this.who(), openingFloat }));
  }

  movement(input: { kind: 'in' | 'out'; amount: string; reason: string; approval?: Approval }): CashMovement {
    const row = this.openRow();
    if (!row) throw new CoreError('cash_closed', 'La caja está cerrada: ábrala antes de registrar un movimiento.');
    const approver = input.kind === 'out' ? this.deps.auth.approve('supervisor', 'Un retiro de efectivo', input.approval) : null;
    const user = this.who();
    return this.deps.cash.addMovement({
      sessionId: row.id,
      kind: input.kind,
      amount: input.amount,
      reason: input.reason,
      user,
      approvedBy: approver && approver.id !== user.id ? approver.name : null,
    });
  }

  /** The soles the open session's drawer should hold now (its X's expected cash), or null when none is open. */
  drawerCash(): string | null {
    const row = this.openRow();
    return row ? this.build('X', row, sessionView(row)).cash.expected : null;
  }

  /** The X of the open session (default), or the kept Z of a closed one. */
  report(sessionId?: number): CashReport {
    const row = sessionId === undefined ? this.openRow() : this.deps.cash.getById(sessionId);
    if (!row) {
      throw new CoreError('not_found', sessionId === undefined ? 'La caja está cerrada: no hay turno en curso.' : `No existe la caja ${sessionId}.`);
    }
    if (row.z_report !== null) return CashReportSchema.parse(JSON.parse(row.z_report));
    return this.build('X', row, sessionView(row));
  }

  /** Sales of the Lima days `range.from`..`range.to`, by method, cashier, type, status and session. */
  salesReport(range: SalesReportInput): SalesReport {
    const { documents, payments } = this.deps.cash.salesBetween(range.from, range.to);
    const operations = this.deps.cash.operationsBetween(range.from, range.to);
    // The shop's report reads every till's sales from the server; collections are this till's only.
    const collections = range.scope === 'till' ? (this.deps.collections?.between(limaDayStart(range.from), limaDayStart(nextDay(range.to))) ?? []) : [];
    return buildSalesReport({ range, generatedAt: this.deps.now().toISOString(), documents, payments, operations, collections });
  }

  list(): CashSession[] {
    return this.deps.cash.recent().map(sessionView);
  }

  close(input: CloseCashSessionInput): CashReport {
    const row = this.openRow();
    if (!row) throw new CoreError('cash_closed', 'La caja ya está cerrada.');
    const me = this.who();
    // Closing a session another cashier opened is a supervisor's decision.
    const approver = row.opened_by !== null && row.opened_by !== me.id ? this.deps.auth.approve('supervisor', 'Cerrar la caja de otro cajero', input.approval) : null;
    const denominations = (input.denominations ?? null) as DenominationCount | null;
    const counted = denominations ? totalOfCount(denominations) : String(input.countedCash);
    if (denominations && input.countedCash !== undefined && !new Dec(counted).eq(String(input.countedCash))) {
      throw new CoreError('validation', `El conteo por denominación suma S/ ${counted}, no S/ ${String(input.countedCash)}.`, [
        { path: 'countedCash', message: `El conteo suma S/ ${counted}` },
      ]);
    }
    const closedBy = approver && approver.id !== me.id ? { id: me.id, name: `${me.name} (autorizó ${approver.name})` } : me;
    const dollars = input.countedDollars === undefined ? {} : { countedDollars: String(input.countedDollars) };
    return this.closeTx({ sessionId: row.id, closedBy, counted, denominations, ...dollars });
  }

  private closeNow(input: CloseInput): CashReport {
    const row = this.deps.cash.getById(input.sessionId);
    if (!row || row.closed_at !== null) throw new CoreError('cash_closed', 'La caja ya está cerrada.');
    const closedAt = this.deps.now().toISOString();
    const draft = this.build('Z', row, sessionView(row), { cash: input.counted, denominations: input.denominations, dollars: input.countedDollars });
    const session: CashSession = {
      ...draft.session,
      closedAt,
      closedBy: input.closedBy.name,
      countedCash: draft.cash.counted,
      expectedCash: draft.cash.expected,
      difference: draft.cash.difference,
    };
    const report: CashReport = { ...draft, session };
    const closed = this.deps.cash.close(row.id, {
      at: closedAt,
      closedBy: input.closedBy,
      counted: draft.cash.counted ?? input.counted,
      expected: draft.cash.expected,
      difference: draft.cash.difference ?? '0.00',
      zReport: JSON.stringify(report),
    });
    if (!closed) throw new CoreError('cash_closed', 'La caja ya está cerrada.');
    return report;
  }

  private build(kind: 'X' | 'Z', row: CashSessionRow, session: CashSession, counted?: { cash: string; denominations: DenominationCount | null; dollars?: string | undefined }): CashReport {
    const { documents, payments } = this.deps.cash.sales(row.id);
    return buildCashReport({
      kind,
      generatedAt: this.deps.now().toISOString(),
      session,
      documents,
      payments,
      movements: this.deps.cash.movements(row.id),
      collections: this.deps.collections?.ofSession(row.id) ?? [],
      ...(counted ? { counted } : {}),
    });
  }
}

interface CloseInput {
  sessionId: number;
  closedBy: Who;
  counted: string;
  denominations: DenominationCount | null;
  /** The dollars counted, when the drawer held some. */
  countedDollars?: string;
}
