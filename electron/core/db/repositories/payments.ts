// How each sale was paid (0006_document_payments): written in the issuing transaction, read by the detail, the ticket
// and the shift's reports. Rows are never updated: a document's payments are as the cashier took them.
import type Database from 'better-sqlite3';
import type { SettledPayment } from '../../../../shared/payments';
import type { Db } from '../types';

interface PaymentRow {
  method: string;
  label: string;
  kind: SettledPayment['kind'];
  tendered: string;
  applied: string;
  reference: string;
}

export class PaymentsRepository {
  private readonly insertOne: Database.Statement<[Record<string, unknown>]>;
  private readonly selectFor: Database.Statement<[number], PaymentRow>;

  constructor(db: Db) {
    this.insertOne = db.sqlite.prepare(`INSERT INTO document_payments
      (document_id, position, method, label, kind, tendered, applied, reference)
      VALUES (@document_id, @position, @method, @label, @kind, @tendered, @applied, @reference)`);
    this.selectFor = db.sqlite.prepare(
      'SELECT method, label, kind, tendered, applied, reference FROM document_payments WHERE document_id = ? ORDER BY position',
    );
  }

  /** Stores the payments of document `documentId`; call inside the transaction that stores the document. */
  record(documentId: number, payments: readonly SettledPayment[]): void {
    payments.forEach((payment, position) => this.insertOne.run({ document_id: documentId, position, ...payment }));
  }

  /** The document's payments in the order taken; empty for a credit sale or a document older than 0006. */
  of(documentId: number): SettledPayment[] {
    return this.selectFor.all(documentId).map((row) => ({ ...row }));
  }
}
