// Cash sessions and their movements (0008_cash_sessions), and what the shift's report reads of the documents and
// payments sold in a session. Closing writes the kept Z once; the triggers of 0008 refuse any later change.
import type Database from 'better-sqlite3';
import type { CashMovement, CashSession, PaymentOperation, RangeDocument, ReportDocument, ReportPayment } from '../../../../shared/cash';
import type { Clock, Db } from '../types';

export interface CashSessionRow {
  id: number;
  terminal: string;
  opened_at: string;
  opened_by: number | null;
  opened_by_name: string;
  opening_float: string;
  closed_at: string | null;
  closed_by: number | null;
  closed_by_name: string | null;
  counted_cash: string | null;
  expected_cash: string | null;
  difference: string | null;
  z_report: string | null;
}

interface MovementRow {
  id: number;
  kind: 'in' | 'out';
  amount: string;
  reason: string;
  at: string;
  user_name: string;
  approved_by: string | null;
}

export interface Closing {
  at: string;
  closedBy: { id: number | null; name: string };
  counted: string;
  expected: string;
  difference: string;
  zReport: string;
}

export const sessionView = (row: CashSessionRow): CashSession => ({
  id: row.id,
  terminal: row.terminal,
  openedAt: row.opened_at,
  openedBy: row.opened_by_name,
  openingFloat: row.opening_float,
  closedAt: row.closed_at,
  closedBy: row.closed_by_name,
  countedCash: row.counted_cash,
  expectedCash: row.expected_cash,
  difference: row.difference,
});

const movementView = (row: MovementRow): CashMovement => ({
  id: row.id,
  kind: row.kind,
  amount: row.amount,
  reason: row.reason,
  at: row.at,
  userName: row.user_name,
  approvedBy: row.approved_by,
});

export class CashRepository {
  private readonly insertSession: Database.Statement<[Record<string, unknown>], CashSessionRow>;
  private readonly selectOpenOnTill: Database.Statement<[], CashSessionRow>;
  private readonly selectById: Database.Statement<[number], CashSessionRow>;
  private readonly selectRecent: Database.Statement<[number], CashSessionRow>;
  private readonly closeOne: Database.Statement<[Record<string, unknown>]>;
  private readonly insertMovement: Database.Statement<[Record<string, unknown>], MovementRow>;
  private readonly selectMovements: Database.Statement<[number], MovementRow>;
  private readonly selectDocuments: Database.Statement<[number], Omit<ReportDocument, 'superseded'> & { superseded: 0 | 1 }>;
  private readonly selectPayments: Database.Statement<[number], ReportPayment>;
  private readonly selectRangeDocuments: Database.Statement<[{ from: string; to: string }], Omit<RangeDocument, 'superseded'> & { superseded: 0 | 1 }>;
  private readonly selectRangePayments: Database.Statement<[{ from: string; to: string }], ReportPayment>;
  private readonly selectVoided: Database.Statement<[], { document_id: number }>;
  private readonly selectRangeOperations: Database.Statement<[{ from: string; to: string }], Omit<PaymentOperation, 'document' | 'terminal'> & { series: string; number: number; terminal: string | null }>;

  constructor(db: Db, private readonly now: Clock = () => new Date()) {
    const { sqlite } = db;
    this.insertSession = sqlite.prepare(`INSERT INTO cash_sessions (terminal, opened_at, opened_by, opened_by_name, opening_float)
      VALUES (@terminal, @at, @user_id, @user_name, @opening_float) RETURNING *`);
    // The session belongs to the till (this database), whatever its series now; the oldest first when an
    // earlier series change left more than one open (0023).
    this.selectOpenOnTill = sqlite.prepare('SELECT * FROM cash_sessions WHERE closed_at IS NULL ORDER BY id LIMIT 1');
    this.selectById = sqlite.prepare('SELECT * FROM cash_sessions WHERE id = ?');
    this.selectRecent = sqlite.prepare('SELECT * FROM cash_sessions ORDER BY id DESC LIMIT ?');
    this.closeOne = sqlite.prepare(`UPDATE cash_sessions SET closed_at = @at, closed_by = @closed_by, closed_by_name = @closed_by_name,
      counted_cash = @counted, expected_cash = @expected, difference = @difference, z_report = @z_report
      WHERE id = @id AND closed_at IS NULL`);
    this.insertMovement = sqlite.prepare(`INSERT INTO cash_movements (session_id, kind, amount, reason, at, user_id, user_name, approved_by)
      VALUES (@session_id, @kind, @amount, @reason, @at, @user_id, @user_name, @approved_by) RETURNING *`);
    this.selectMovements = sqlite.prepare('SELECT * FROM cash_movements WHERE session_id = ? ORDER BY id');
    // The documents whose void SUNAT accepted (a handful: voids are rare); the reports count them apart.
    this.selectVoided = sqlite.prepare("SELECT document_id FROM voids WHERE status = 'voided'");
    // A document re-issued under a new number is 'superseded': its replacement carries the sale.
    // The X and Z also show numbering per series and taxes by kind, read from the stored document (the
    // JSON numbers of its payload, written with 2 decimals, read back as their text).
    this.selectDocuments = sqlite.prepare(`SELECT d.id, d.doc_type AS docType, d.status, d.currency, d.total, d.exchange_rate AS exchangeRate,
        d.cashier_name AS cashierName, d.discount_total AS discount, EXISTS (SELECT 1 FROM documents r WHERE r.reissue_of = d.id) AS superseded,
        d.series, d.number, d.igv,
        CAST(json_extract(d.payload, '$.monto_Oper_Gravadas') AS TEXT) AS taxed,
        CAST(json_extract(d.payload, '$.monto_Oper_Exoneradas') AS TEXT) AS exonerated,
        CAST(json_extract(d.payload, '$.monto_Oper_Inafectas') AS TEXT) AS unaffected,
        CAST(json_extract(d.payload, '$.total_Impuestos') AS TEXT) AS taxesTotal
      FROM documents d WHERE d.cash_session_id = ? ORDER BY d.id`);
    this.selectPayments = sqlite.prepare(`SELECT p.document_id AS documentId, p.method, p.label, p.kind, p.applied, p.tendered
      FROM documents d JOIN document_payments p ON p.document_id = d.id
      WHERE d.cash_session_id = ? ORDER BY d.id, p.position`);
    // A range of Lima issue days (documents_issue_date), with the session each sale was sold in. The rows
    // are walked in id order between the range's first and last id (read from documents_issue_date), so the X/Z of a
    // range never sorts its documents; the date conditions still decide each row (`+` keeps SQLite from driving the
    // walk by the date index instead, which hands the rows over in date order and needs a sort).
    const range = `+d.issue_date BETWEEN @from AND @to AND d.id BETWEEN
        (SELECT min(x.id) FROM documents x INDEXED BY documents_issue_date WHERE x.issue_date BETWEEN @from AND @to)
        AND (SELECT max(x.id) FROM documents x INDEXED BY documents_issue_date WHERE x.issue_date BETWEEN @from AND @to)`;
    this.selectRangeDocuments = sqlite.prepare(`SELECT d.id, d.doc_type AS docType, d.status, d.currency, d.total,
        d.cashier_name AS cashierName, d.discount_total AS discount, d.cash_session_id AS sessionId, s.terminal,
        EXISTS (SELECT 1 FROM documents r WHERE r.reissue_of = d.id) AS superseded
      FROM documents d LEFT JOIN cash_sessions s ON s.id = d.cash_session_id
      WHERE ${range} ORDER BY d.id`);
    this.selectRangePayments = sqlite.prepare(`SELECT p.document_id AS documentId, p.method, p.label, p.kind, p.applied
      FROM documents d JOIN document_payments p ON p.document_id = d.id
      WHERE ${range} ORDER BY d.id, p.position`);
    // Payments by app or transfer, to match with the statement: a sale's as received, a credit note's refund as money
    // going back (negative); each once, as its replacement when re-issued under a new number.
    this.selectRangeOperations = sqlite.prepare(`SELECT p.method, p.label, p.reference, d.currency, d.doc_type AS docType,
        d.series, d.number, d.issued_at AS issuedAt, s.terminal,
        CASE WHEN d.doc_type = '07' THEN '-' || p.applied ELSE p.applied END AS amount
      FROM documents d JOIN document_payments p ON p.document_id = d.id LEFT JOIN cash_sessions s ON s.id = d.cash_session_id
      WHERE ${range} AND p.kind IN ('wallet', 'transfer') AND NOT EXISTS (SELECT 1 FROM documents r WHERE r.reissue_of = d.id)
      ORDER BY d.id, p.position`);
  }

  open(input: { terminal: string; user: { id: number | null; name: string }; openingFloat: string }): CashSessionRow {
    const row = this.insertSession.get({
      terminal: input.terminal,
      at: this.now().toISOString(),
      user_id: input.user.id,
      user_name: input.user.name,
      opening_float: input.openingFloat,
    });
    if (!row) throw new Error('cash session insert returned nothing');
    return row;
  }

  /** The open session of this till, whatever boleta series it was opened under. */
  openOnTill(): CashSessionRow | undefined {
    return this.selectOpenOnTill.get();
  }

  getById(id: number): CashSessionRow | undefined {
    return this.selectById.get(id);
  }

  recent(limit = 30): CashSessionRow[] {
    return this.selectRecent.all(limit);
  }

  /** Closes an open session once; false when it was already closed (by another call). */
  close(id: number, closing: Closing): boolean {
    return this.closeOne.run({
      id,
      at: closing.at,
      closed_by: closing.closedBy.id,
      closed_by_name: closing.closedBy.name,
      counted: closing.counted,
      expected: closing.expected,
      difference: closing.difference,
      z_report: closing.zReport,
    }).changes === 1;
  }

  addMovement(input: { sessionId: number; kind: 'in' | 'out'; amount: string; reason: string; user: { id: number | null; name: string }; approvedBy: string | null }): CashMovement {
    const row = this.insertMovement.get({
      session_id: input.sessionId,
      kind: input.kind,
      amount: input.amount,
      reason: input.reason,
      at: this.now().toISOString(),
      user_id: input.user.id,
      user_name: input.user.name,
      approved_by: input.approvedBy,
    });
    if (!row) throw new Error('cash movement insert returned nothing');
    return movementView(row);
  }

  movements(sessionId: number): CashMovement[] {
    return this.selectMovements.all(sessionId).map(movementView);
  }

  private voidedIds(): Set<number> {
    return new Set(this.selectVoided.all().map((r) => r.document_id));
  }

  /** The documents issued on the Lima days `from`..`to` (YYYY-MM-DD, inclusive) and their payments. */
  salesBetween(from: string, to: string): { documents: RangeDocument[]; payments: ReportPayment[] } {
    const voided = this.voidedIds();
    const documents = this.selectRangeDocuments.all({ from, to }).map((d) => ({ ...d, superseded: d.superseded === 1, voided: voided.has(d.id) }));
    return { documents, payments: this.selectRangePayments.all({ from, to }) };
  }

  /** The payments by app or transfer of the documents issued on the Lima days `from`..`to`. */
  operationsBetween(from: string, to: string): PaymentOperation[] {
    return this.selectRangeOperations.all({ from, to }).map(({ series, number, ...o }) => ({ ...o, document: `${series}-${String(number).padStart(8, '0')}` }));
  }

  /** The documents sold in the session and their payments, as the report reads them. */
  sales(sessionId: number): { documents: ReportDocument[]; payments: ReportPayment[] } {
    const voided = this.voidedIds();
    const documents = this.selectDocuments.all(sessionId).map((d) => ({ ...d, superseded: d.superseded === 1, voided: voided.has(d.id) }));
    return { documents, payments: this.selectPayments.all(sessionId) };
  }
}
