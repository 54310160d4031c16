// The shop server's queue on this till (0010_replication_queue) and what a push reads of each queued document.
import type Database from 'better-sqlite3';
import type { Db } from '../types';

export interface QueuedDocument {
  document_id: number;
  version: number;
}

export interface DocumentEventRow {
  at: string;
  from_status: string | null;
  to_status: string;
  detail: string | null;
}

export class ReplicationRepository {
  private readonly selectNext: Database.Statement<[number], QueuedDocument>;
  private readonly deleteDone: Database.Statement<[number, number]>;
  private readonly countAll: Database.Statement<[], { n: number }>;
  private readonly selectEvents: Database.Statement<[number], DocumentEventRow>;
  private readonly doneTx: (rows: readonly QueuedDocument[]) => void;

  constructor(db: Db) {
    const { sqlite } = db;
    this.selectNext = sqlite.prepare('SELECT document_id, version FROM replication_queue ORDER BY document_id LIMIT ?');
    this.deleteDone = sqlite.prepare('DELETE FROM replication_queue WHERE document_id = ? AND version = ?');
    this.countAll = sqlite.prepare('SELECT COUNT(*) AS n FROM replication_queue');
    this.selectEvents = sqlite.prepare('SELECT at, from_status, to_status, detail FROM document_events WHERE document_id = ? ORDER BY id');
    this.doneTx = sqlite.transaction((rows: readonly QueuedDocument[]) => {
      for (const r of rows) this.deleteDone.run(r.document_id, r.version);
    });
  }

  next(limit: number): QueuedDocument[] {
    return this.selectNext.all(limit);
  }

  /** Removes pushed rows, except those changed meanwhile (their new version is pushed next). */
  done(rows: readonly QueuedDocument[]): void {
    this.doneTx(rows);
  }

  pending(): number {
    return this.countAll.get()?.n ?? 0;
  }

  events(documentId: number): DocumentEventRow[] {
    return this.selectEvents.all(documentId);
  }
}
