// The shop server's queue on this till (0010_replication_queue, 0022_replication_order) and what a push reads of each
// queued document. A document the server refused is set aside with its reason and skipped until the next connection.
import type Database from 'better-sqlite3';
import type { Db } from '../types';

export interface QueuedDocument {
  document_id: number;
  version: number;
  /** The till's change sequence when the document last changed: the server orders pushes by it (0022). */
  seq: number;
}

/** A document the shop server refused, as the till shows it. */
export interface SetAsideDocument {
  document_id: number;
  doc_type: string;
  series: string;
  number: number;
  reason: string;
  set_aside_at: string;
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
  private readonly setAsideOne: Database.Statement<[string, string, number, number]>;
  private readonly retryAll: Database.Statement<[]>;
  private readonly selectSetAside: Database.Statement<[], SetAsideDocument>;
  private readonly countSetAside: Database.Statement<[], { n: number }>;
  private readonly raiseTx: (floor: number) => boolean;
  private readonly selectVoid: Database.Statement<[number], string>;

  constructor(db: Db) {
    const { sqlite } = db;
    this.selectNext = sqlite.prepare(`SELECT document_id, version, seq FROM replication_queue INDEXED BY replication_queue_ready
      WHERE set_aside_at IS NULL ORDER BY document_id LIMIT ?`);
    this.deleteDone = sqlite.prepare('DELETE FROM replication_queue WHERE document_id = ? AND version = ?');
    this.countAll = sqlite.prepare('SELECT COUNT(*) AS n FROM replication_queue WHERE set_aside_at IS NULL');
    this.setAsideOne = sqlite.prepare('UPDATE replication_queue SET set_aside_at = ?, set_aside_reason = ? WHERE document_id = ? AND version = ?');
    this.retryAll = sqlite.prepare('UPDATE replication_queue SET set_aside_at = NULL, set_aside_reason = NULL WHERE set_aside_at IS NOT NULL');
    this.selectSetAside = sqlite.prepare(`SELECT q.document_id, d.doc_type, d.series, d.number, q.set_aside_reason AS reason, q.set_aside_at
      FROM replication_queue q JOIN documents d ON d.id = q.document_id WHERE q.set_aside_at IS NOT NULL ORDER BY q.document_id LIMIT 200`);
    this.countSetAside = sqlite.prepare('SELECT COUNT(*) AS n FROM replication_queue WHERE set_aside_at IS NOT NULL');
    this.selectVoid = sqlite.prepare<[number], string>('SELECT status FROM voids WHERE document_id = ?').pluck();
    const clock = sqlite.prepare<[], number>('SELECT n FROM replication_clock WHERE id = 1').pluck();
    const setClock = sqlite.prepare('UPDATE replication_clock SET n = ? WHERE id = 1');
    const restamp = sqlite.prepare('UPDATE replication_queue SET seq = ? WHERE seq <= ?');
    this.raiseTx = sqlite.transaction((floor: number) => {
      if ((clock.get() ?? 0) > floor) return false;
      setClock.run(floor + 1);
      restamp.run(floor + 1, floor);
      return true;
    });
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

  /** Documents waiting to go up (not counting the ones set aside). */
  pending(): number {
    return this.countAll.get()?.n ?? 0;
  }

  /** The server refused these: skipped until retrySetAside(), unless they changed meanwhile (then they go again). */
  setAside(rows: readonly (QueuedDocument & { reason: string })[], at: string): void {
    for (const r of rows) this.setAsideOne.run(at, r.reason, r.document_id, r.version);
  }

  /**
   * The server already holds changes of this till up to `floor` (a database restored from an older copy counts again
   * from where the copy stood): the sequence goes on above it, and what is queued is stamped above it too, so the server
   * takes it. Answers whether the sequence moved.
   */
  raiseClock(floor: number): boolean {
    return this.raiseTx(floor);
  }

  /** A new connection: what was set aside is tried once more. */
  retrySetAside(): number {
    return this.retryAll.run().changes;
  }

  setAsideDocuments(): SetAsideDocument[] {
    return this.selectSetAside.all();
  }

  setAsideCount(): number {
    return this.countSetAside.get()?.n ?? 0;
  }

  /** The state of the document's void request (0017), null when none was asked. */
  voidOf(documentId: number): string | null {
    return this.selectVoid.get(documentId) ?? null;
  }

  events(documentId: number): DocumentEventRow[] {
    return this.selectEvents.all(documentId);
  }
}
