// Notes issued here on a sale of another till (migration 0020): the sale they modify as the shop server
// held it, and what this till's own notes on it took (totals, and per line through note_lines), read inside the
// transaction that spends the next note's number.
import type Database from 'better-sqlite3';
import type { Db } from '../types';
import type { NoteMode } from './notes';

/** The sale as the shop server held it when the note was issued. */
export interface ShopNoteSale {
  idBaseDato: string;
  terminal: string;
  docType: '01' | '03';
  series: string;
  number: number;
  issuedAt: string;
  total: string;
  status: string;
}

export interface ShopNoteTargetRow {
  document_id: number;
  sale: ShopNoteSale;
  reason: string;
  description: string;
  mode: NoteMode;
}

/** As notes.ts: a rejected note or one whose number holds another document took nothing; every other status counts. */
const NOT_COUNTED = "('rejected', 'conflict')";

export class ShopNoteTargetsRepository {
  private readonly insert: Database.Statement<[number, string, string, string, string, NoteMode]>;
  private readonly insertLine: Database.Statement<[number, number, string]>;
  private readonly select: Database.Statement<[number], { document_id: number; sale: string; reason: string; description: string; mode: NoteMode }>;
  private readonly selectCounted: Database.Statement<[string], { id_base_dato: string; total: string }>;
  private readonly selectReturned: Database.Statement<[string], { line: number; quantity: string }>;

  constructor(db: Db) {
    const s = db.sqlite;
    this.insert = s.prepare('INSERT INTO shop_note_targets (document_id, sale_id_base_dato, sale, reason, description, mode) VALUES (?, ?, ?, ?, ?, ?)');
    this.insertLine = s.prepare('INSERT INTO note_lines (document_id, line, quantity) VALUES (?, ?, ?)');
    this.select = s.prepare('SELECT document_id, sale, reason, description, mode FROM shop_note_targets WHERE document_id = ?');
    this.selectCounted = s.prepare(
      `SELECT d.id_base_dato, d.total FROM shop_note_targets t JOIN documents d ON d.id = t.document_id
        WHERE t.sale_id_base_dato = ? AND d.doc_type = '07' AND d.status NOT IN ${NOT_COUNTED}`,
    );
    this.selectReturned = s.prepare(
      `SELECT l.line, l.quantity FROM note_lines l JOIN shop_note_targets t ON t.document_id = l.document_id
         JOIN documents d ON d.id = l.document_id
        WHERE t.sale_id_base_dato = ? AND d.doc_type = '07' AND d.status NOT IN ${NOT_COUNTED}`,
    );
  }

  record(noteId: number, sale: ShopNoteSale, detail: { reason: string; description: string; mode: NoteMode }, lines: readonly { line: number; quantity: string }[]): void {
    this.insert.run(noteId, sale.idBaseDato, JSON.stringify(sale), detail.reason, detail.description, detail.mode);
    for (const l of lines) this.insertLine.run(noteId, l.line, l.quantity);
  }

  targetOf(noteId: number): ShopNoteTargetRow | undefined {
    const r = this.select.get(noteId);
    return r ? { ...r, sale: JSON.parse(r.sale) as ShopNoteSale } : undefined;
  }

  /** This till's credit notes on the sale that count against its limit (id_Base_Dato, to tell them from the server's). */
  countedCredits(saleIdBaseDato: string): { id_base_dato: string; total: string }[] {
    return this.selectCounted.all(saleIdBaseDato);
  }

  /** Per line of the sale (1-based), what this till's counted credit notes took back. */
  returnedQuantities(saleIdBaseDato: string): { line: number; quantity: string }[] {
    return this.selectReturned.all(saleIdBaseDato);
  }
}
