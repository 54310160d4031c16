// The discounts of each sale (0009_document_discounts): written in the issuing transaction, read by the detail and
// the ticket. Only discounted lines have a row.
import type Database from 'better-sqlite3';
import type { Db } from '../types';

export interface LineDiscountRecord {
  position: number;
  listPrice: string;
  listTotal: string;
  lineDiscount: string;
  saleShare: string;
}

export class DiscountsRepository {
  private readonly insertOne: Database.Statement<[Record<string, unknown>]>;
  private readonly selectFor: Database.Statement<[number], LineDiscountRecord>;

  constructor(db: Db) {
    this.insertOne = db.sqlite.prepare(`INSERT INTO document_discounts (document_id, position, list_price, list_total, line_discount, sale_share)
      VALUES (@document_id, @position, @listPrice, @listTotal, @lineDiscount, @saleShare)`);
    this.selectFor = db.sqlite.prepare(`SELECT position, list_price AS listPrice, list_total AS listTotal, line_discount AS lineDiscount,
      sale_share AS saleShare FROM document_discounts WHERE document_id = ? ORDER BY position`);
  }

  /** Call inside the transaction that stores the document. */
  record(documentId: number, lines: readonly LineDiscountRecord[]): void {
    for (const line of lines) this.insertOne.run({ document_id: documentId, ...line });
  }

  of(documentId: number): LineDiscountRecord[] {
    return this.selectFor.all(documentId);
  }
}
