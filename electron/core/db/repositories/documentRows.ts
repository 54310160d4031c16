// One document row and its audit trail, as every write to the documents table changes them: the status moves only
// along its allowed transitions (transitions.ts), the patched columns come from a whitelist, and an event is written in
// the same transaction. Shared by DocumentsRepository and DocumentQueue (the outbox's side of the table).
import type Database from 'better-sqlite3';
import { StoreError } from '../errors';
import type { Clock, DocumentRow, DocumentStatus, StatusPatch } from '../types';
import { assertTransition } from './transitions';

/** Columns a status patch may set besides status itself (a whitelist: patch keys never reach SQL otherwise). */
const PATCHABLE = [
  'attempts',
  'next_attempt_at',
  'last_error',
  'last_attempt_at',
  'uncertain',
  'hash',
  'cdr_code',
  'cdr_description',
  'cdr_notes',
  'cdr_zip',
  'cdr_xml',
  'accepted_at',
  'cdr_missing',
] as const satisfies readonly (keyof StatusPatch)[];

type Patchable = (typeof PATCHABLE)[number];
type EventInsert = [documentId: number, at: string, from: DocumentStatus | null, to: DocumentStatus, detail: string | null];

export class DocumentRows {
  private readonly updateStatements = new Map<string, Database.Statement<[Record<string, unknown>], DocumentRow>>();
  private readonly insertEventStatement: Database.Statement<EventInsert>;
  private readonly selectById: Database.Statement<[number], DocumentRow>;
  /** What a status change checks, without reading the payload and CDR (once per outcome in a drain). */
  private readonly selectState: Database.Statement<[number], Pick<DocumentRow, 'status' | 'series' | 'number'>>;
  private readonly selectLastEvent: Database.Statement<
    [number],
    { id: number; from_status: DocumentStatus | null; to_status: DocumentStatus; detail: string | null }
  >;
  private readonly bumpEvent: Database.Statement<[string, number]>;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly now: Clock,
  ) {
    this.insertEventStatement = sqlite.prepare(
      'INSERT INTO document_events (document_id, at, from_status, to_status, detail) VALUES (?, ?, ?, ?, ?)',
    );
    this.selectById = sqlite.prepare('SELECT * FROM documents WHERE id = ?');
    this.selectState = sqlite.prepare('SELECT status, series, number FROM documents WHERE id = ?');
    this.selectLastEvent = sqlite.prepare(
      'SELECT id, from_status, to_status, detail FROM document_events WHERE document_id = ? ORDER BY id DESC LIMIT 1',
    );
    this.bumpEvent = sqlite.prepare('UPDATE document_events SET repeats = repeats + 1, last_at = ? WHERE id = ?');
  }

  get(id: number): DocumentRow | undefined {
    return this.selectById.get(id);
  }

  statusOf(id: number): DocumentStatus | undefined {
    return this.selectState.get(id)?.status;
  }

  timestamp(): string {
    return this.now().toISOString();
  }

  /** Writes an event as it is (the first event of a document, a claim, a recovery). */
  insertEvent(id: number, at: string, from: DocumentStatus | null, to: DocumentStatus, detail: string | null): void {
    this.insertEventStatement.run(id, at, from, to, detail);
  }

  /**
   * Changes the status (and the given columns) and appends an event; the caller holds the transaction. `detail`
   * defaults to patch.last_error. Returns the updated row.
   */
  update(id: number, patch: StatusPatch, detail: string | null | undefined): DocumentRow {
    const current = this.selectState.get(id);
    if (!current) throw new StoreError('not_found', `No existe el comprobante ${id}.`);
    assertTransition(current.status, patch.status, `${current.series}-${current.number}`);
    const at = this.timestamp();
    const columns = PATCHABLE.filter((column) => patch[column] !== undefined);
    const params: Record<string, unknown> = { id, status: patch.status, updated_at: at };
    for (const column of columns) params[column] = toColumnValue(column, patch[column]);
    // The row as updated comes back from the UPDATE itself (one read of the row per outcome, not two).
    const updated = this.updateStatement(columns).get(params);
    if (!updated) throw new StoreError('not_found', `No existe el comprobante ${id}.`);
    this.appendEvent(id, at, current.status, patch.status, detail ?? patch.last_error ?? null);
    return updated;
  }

  /** Appends an event, or counts one more repeat when it says exactly what the document's last event said. */
  appendEvent(id: number, at: string, from: DocumentStatus, to: DocumentStatus, detail: string | null): void {
    const last = this.selectLastEvent.get(id);
    if (last && last.from_status === from && last.to_status === to && last.detail === detail) {
      this.bumpEvent.run(at, last.id);
      return;
    }
    this.insertEventStatement.run(id, at, from, to, detail);
  }

  /** One prepared UPDATE per set of patched columns, built from the whitelist and reused. */
  private updateStatement(columns: readonly Patchable[]): Database.Statement<[Record<string, unknown>], DocumentRow> {
    const key = columns.join(',');
    let statement = this.updateStatements.get(key);
    if (!statement) {
      const sets = ['status = @status', 'updated_at = @updated_at', ...columns.map((column) => `${column} = @${column}`)];
      statement = this.sqlite.prepare<[Record<string, unknown>], DocumentRow>(`UPDATE documents SET ${sets.join(', ')} WHERE id = @id RETURNING *`);
      this.updateStatements.set(key, statement);
    }
    return statement;
  }
}

function toColumnValue(column: Patchable, value: StatusPatch[typeof column]): unknown {
  if (column === 'uncertain' || column === 'cdr_missing') return value ? 1 : 0;
  if (column === 'cdr_notes') return Array.isArray(value) ? JSON.stringify(value) : value;
  return value;
}
