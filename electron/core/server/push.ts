// One push to the shop server (issue 15): a batch of queued documents, each as a full snapshot (row, events,
// payments, discounts), upserted by id_base_dato in one transaction. A refused document corrected and resent under the same
// number (issue 23) carries its new customer and payload up as well. Idempotent: a push repeated after a crash writes
// the same values again; a late push of an older state never overwrites a newer one (local_updated_at).
import type pg from 'pg';
import type { DiscountsRepository, DocumentsRepository, PaymentsRepository, QueuedDocument, ReplicationRepository } from '../db';

export interface PushSources {
  queue: ReplicationRepository;
  documents: DocumentsRepository;
  payments: PaymentsRepository;
  discounts: DiscountsRepository;
}

const UPSERT = `INSERT INTO documents (
    id_base_dato, terminal_id, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type,
    customer_doc_number, customer_name, total, igv, status, hash, cdr_code, cdr_description, cdr_xml, cdr_zip, payload,
    cashier_name, discount_total, payments, discounts, events, reprints, local_updated_at, replaces
  ) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28)
  ON CONFLICT (id_base_dato) DO UPDATE SET
    customer_doc_type = EXCLUDED.customer_doc_type, customer_doc_number = EXCLUDED.customer_doc_number,
    customer_name = EXCLUDED.customer_name, payload = EXCLUDED.payload,
    status = EXCLUDED.status, hash = EXCLUDED.hash, cdr_code = EXCLUDED.cdr_code, cdr_description = EXCLUDED.cdr_description,
    cdr_xml = EXCLUDED.cdr_xml, cdr_zip = EXCLUDED.cdr_zip, payments = EXCLUDED.payments, discounts = EXCLUDED.discounts,
    events = EXCLUDED.events, reprints = EXCLUDED.reprints, cashier_name = EXCLUDED.cashier_name,
    discount_total = EXCLUDED.discount_total, local_updated_at = EXCLUDED.local_updated_at, replaces = EXCLUDED.replaces, pushed_at = now()
  WHERE documents.local_updated_at <= EXCLUDED.local_updated_at AND documents.terminal_id = EXCLUDED.terminal_id`;

/** The values of one document's upsert, or null when it is gone from the till (never: rows are not deleted). */
function snapshot(sources: PushSources, terminalId: string, documentId: number): unknown[] | null {
  const d = sources.documents.getById(documentId);
  if (!d) return null;
  return [
    d.id_base_dato, terminalId, d.doc_type, d.series, d.number, d.issued_at, d.issue_date, d.currency, d.customer_doc_type,
    d.customer_doc_number, d.customer_name, d.total, d.igv, d.status, d.hash, d.cdr_code, d.cdr_description, d.cdr_xml,
    d.cdr_zip, d.payload, d.cashier_name, d.discount_total, JSON.stringify(sources.payments.of(d.id)),
    JSON.stringify(sources.discounts.of(d.id)), JSON.stringify(sources.queue.events(d.id)), d.reprints, d.updated_at,
    d.reissue_of === null ? null : (sources.documents.getById(d.reissue_of)?.id_base_dato ?? null),
  ];
}

/** Pushes up to `limit` queued documents; answers how many. Throws what the server answered (nothing is dequeued). */
export async function pushBatch(pool: pg.Pool, sources: PushSources, terminalId: string, limit: number): Promise<number> {
  const rows: QueuedDocument[] = sources.queue.next(limit);
  if (rows.length === 0) return 0;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const row of rows) {
      const values = snapshot(sources, terminalId, row.document_id);
      if (values) await client.query({ name: 'caja_push_document', text: UPSERT, values });
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
  sources.queue.done(rows);
  return rows.length;
}
