// What only a note has (migration 0016): the document it modifies, its reason and mode, and per line of the
// modified document the quantity a credit note took back. The limits "never more than what is left after earlier
// notes" (docs/sunat/notes.md) read these; writes run inside the transaction that spends the note's number.
import type Database from 'better-sqlite3';
import type { Db } from '../types';

export type NoteMode = 'whole' | 'lines' | 'amount';

export interface NoteDetailRow {
  document_id: number;
  modifies_id: number;
  reason: string;
  description: string;
  mode: NoteMode;
}

/** A note on a document, as its detail lists it. */
export interface NoteOfDocument {
  id: number;
  doc_type: string;
  series: string;
  number: number;
  issued_at: string;
  total: string;
  status: string;
  reason: string;
  mode: NoteMode;
}

/**
 * Statuses of a note that took nothing: SUNAT refused it ('rejected'), or its number holds another document
 * ('conflict'). Every other status counts against the limit, 'invalid' and 'attention' included (it may yet be
 * declared): the limit errs on the side of never over-crediting.
 */
const NOT_COUNTED = "('rejected', 'conflict')";

export class NotesRepository {
  private readonly insertDetail: Database.Statement<[number, number, string, string, NoteMode]>;
  private readonly insertLine: Database.Statement<[number, number, string]>;
  private readonly selectDetail: Database.Statement<[number], NoteDetailRow>;
  private readonly selectNotes: Database.Statement<[number], NoteOfDocument>;
  private readonly selectCounted: Database.Statement<[number], { total: string; mode: NoteMode }>;
  private readonly selectReturned: Database.Statement<[number], { line: number; quantity: string }>;
  private readonly selectShopTarget: Database.Statement<[number], { sale: string; reason: string }>;

  constructor(db: Db) {
    const s = db.sqlite;
    this.insertDetail = s.prepare('INSERT INTO note_details (document_id, modifies_id, reason, description, mode) VALUES (?, ?, ?, ?, ?)');
    this.insertLine = s.prepare('INSERT INTO note_lines (document_id, line, quantity) VALUES (?, ?, ?)');
    this.selectDetail = s.prepare('SELECT document_id, modifies_id, reason, description, mode FROM note_details WHERE document_id = ?');
    this.selectNotes = s.prepare(
      `SELECT d.id, d.doc_type, d.series, d.number, d.issued_at, d.total, d.status, n.reason, n.mode
         FROM note_details n JOIN documents d ON d.id = n.document_id WHERE n.modifies_id = ? ORDER BY d.id`,
    );
    this.selectCounted = s.prepare(
      `SELECT d.total, n.mode FROM note_details n JOIN documents d ON d.id = n.document_id
        WHERE n.modifies_id = ? AND d.doc_type = '07' AND d.status NOT IN ${NOT_COUNTED}`,
    );
    this.selectReturned = s.prepare(
      `SELECT l.line, l.quantity FROM note_lines l JOIN note_details n ON n.document_id = l.document_id
         JOIN documents d ON d.id = l.document_id
        WHERE n.modifies_id = ? AND d.doc_type = '07' AND d.status NOT IN ${NOT_COUNTED}`,
    );
    this.selectShopTarget = s.prepare('SELECT sale, reason FROM shop_note_targets WHERE document_id = ?');
  }

  /**
   * A note issued here on a sale of another till (migration 0020): that sale as the shop server held it, and the
   * note's reason. Written by shop-note-targets.ts.
   */
  shopTargetOf(noteId: number): { sale: { docType: string; series: string; number: number; issuedAt: string; total: string; status: string }; reason: string } | undefined {
    const r = this.selectShopTarget.get(noteId);
    return r ? { sale: JSON.parse(r.sale) as { docType: string; series: string; number: number; issuedAt: string; total: string; status: string }, reason: r.reason } : undefined;
  }

  record(noteId: number, detail: Omit<NoteDetailRow, 'document_id'>, lines: readonly { line: number; quantity: string }[]): void {
    this.insertDetail.run(noteId, detail.modifies_id, detail.reason, detail.description, detail.mode);
    for (const l of lines) this.insertLine.run(noteId, l.line, l.quantity);
  }

  detailOf(noteId: number): NoteDetailRow | undefined {
    return this.selectDetail.get(noteId);
  }

  notesOf(documentId: number): NoteOfDocument[] {
    return this.selectNotes.all(documentId);
  }

  /** The credit notes that count against the document's limit: their totals and modes. */
  countedCredits(documentId: number): { total: string; mode: NoteMode }[] {
    return this.selectCounted.all(documentId);
  }

  /** Per line of the document (1-based), every quantity counted credit notes took back. */
  returnedQuantities(documentId: number): { line: number; quantity: string }[] {
    return this.selectReturned.all(documentId);
  }
}
