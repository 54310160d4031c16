// The mail outbox's rows (migration 0033): one per document and recipient. Prepared statements only.
import type Database from 'better-sqlite3';
import type { MailStatus } from '../../../shared/bridge/mail';
import type { Db } from '../db/types';

export interface EmailRow {
  id: number;
  document_id: number;
  recipient: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  message_id: string;
  smtp_response: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

export class EmailsRepository {
  readonly sqlite: Database.Database;
  private readonly byId: Database.Statement<[number], EmailRow>;
  private readonly byDocumentRecipient: Database.Statement<[number, string], EmailRow>;
  private readonly ofDocument: Database.Statement<[number], EmailRow>;
  private readonly insertRow: Database.Statement<[number, string, string, string, string]>;
  private readonly requeueRow: Database.Statement<[string, number]>;
  private readonly nextDue: Database.Statement<[string], EmailRow>;
  private readonly earliestDue: Database.Statement<[], string | null>;
  private readonly claimRow: Database.Statement<[string, number]>;
  private readonly setOutcome: Database.Statement<[MailStatus, string | null, string | null, string | null, string | null, string, number]>;
  private readonly abandonSending: Database.Statement<[string, string]>;
  private readonly customerEmail: Database.Statement<[string, string], string | null>;
  private readonly setCustomerEmailStmt: Database.Statement<[string | null, string, string]>;

  constructor(db: Db) {
    const { sqlite } = db;
    this.sqlite = sqlite;
    this.byId = sqlite.prepare('SELECT * FROM document_emails WHERE id = ?');
    this.byDocumentRecipient = sqlite.prepare('SELECT * FROM document_emails WHERE document_id = ? AND recipient = ?');
    this.ofDocument = sqlite.prepare('SELECT * FROM document_emails WHERE document_id = ? ORDER BY id');
    this.insertRow = sqlite.prepare(
      `INSERT INTO document_emails (document_id, recipient, status, message_id, created_at, updated_at)
       VALUES (?, ?, 'queued', ?, ?, ?)`,
    );
    this.requeueRow = sqlite.prepare(
      `UPDATE document_emails SET status = 'queued', next_attempt_at = NULL, last_error = NULL, updated_at = ?
       WHERE id = ? AND status IN ('failed', 'uncertain')`,
    );
    this.nextDue = sqlite.prepare(
      `SELECT * FROM document_emails WHERE status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
       ORDER BY id LIMIT 1`,
    );
    this.earliestDue = sqlite.prepare<[], string | null>(
      `SELECT MIN(COALESCE(next_attempt_at, '')) FROM document_emails WHERE status = 'queued'`,
    ).pluck();
    this.claimRow = sqlite.prepare(
      `UPDATE document_emails SET status = 'sending', attempts = attempts + 1, updated_at = ? WHERE id = ? AND status = 'queued'`,
    );
    this.setOutcome = sqlite.prepare(
      `UPDATE document_emails SET status = ?, next_attempt_at = ?, last_error = ?, smtp_response = ?, sent_at = ?, updated_at = ?
       WHERE id = ?`,
    );
    this.abandonSending = sqlite.prepare(
      `UPDATE document_emails SET status = 'uncertain', last_error = ?, updated_at = ? WHERE status = 'sending'`,
    );
    this.customerEmail = sqlite.prepare<[string, string], string | null>(
      'SELECT email FROM customers WHERE doc_type = ? AND doc_number = ?',
    ).pluck();
    this.setCustomerEmailStmt = sqlite.prepare('UPDATE customers SET email = ? WHERE doc_type = ? AND doc_number = ?');
  }

  get(id: number): EmailRow | undefined {
    return this.byId.get(id);
  }

  find(documentId: number, recipient: string): EmailRow | undefined {
    return this.byDocumentRecipient.get(documentId, recipient);
  }

  of(documentId: number): EmailRow[] {
    return this.ofDocument.all(documentId);
  }

  insert(documentId: number, recipient: string, messageId: string, at: string): number {
    return Number(this.insertRow.run(documentId, recipient, messageId, at, at).lastInsertRowid);
  }

  /** A failed or uncertain row queued again by the user's decision; true when it changed. */
  requeue(id: number, at: string): boolean {
    return this.requeueRow.run(at, id).changes > 0;
  }

  due(at: string): EmailRow | undefined {
    return this.nextDue.get(at);
  }

  /** The earliest next_attempt_at of a queued row ('' when one is due now), or null when none is queued. */
  earliest(): string | null {
    return this.earliestDue.get() ?? null;
  }

  /** Marks the row 'sending' (committed before the SMTP call); false when someone else took it. */
  claim(id: number, at: string): boolean {
    return this.claimRow.run(at, id).changes > 0;
  }

  record(id: number, o: { status: MailStatus; nextAttemptAt?: string | null; lastError?: string | null; response?: string | null; sentAt?: string | null }, at: string): void {
    this.setOutcome.run(o.status, o.nextAttemptAt ?? null, o.lastError ?? null, o.response ?? null, o.sentAt ?? null, at, id);
  }

  /** At start: a row left 'sending' by a process that died may have left the building. */
  abandonInFlight(reason: string, at: string): number {
    return this.abandonSending.run(reason, at).changes;
  }

  customerEmailOf(docType: string, docNumber: string): string | null {
    return this.customerEmail.get(docType, docNumber) ?? null;
  }

  setCustomerEmail(docType: string, docNumber: string, email: string | null): void {
    this.setCustomerEmailStmt.run(email, docType, docNumber);
  }
}
