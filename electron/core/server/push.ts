// One push to the shop server: a batch of queued documents, each as a full snapshot (row, events,
// payments, discounts), upserted by id_base_dato in one transaction. A refused document corrected and resent under the same
// number carries its new customer and payload up as well. Idempotent: a push repeated after a crash writes
// the same values again; a late push of an older state never overwrites a newer one (the till's change sequence,
// local_seq: never its clock). A document the server refuses (its number taken by another till's document)
// is set aside with its reason in Spanish and recorded on the server; the rest of the batch goes up without it.
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
    cashier_name, discount_total, payments, discounts, events, reprints, local_updated_at, replaces, modifies, local_seq, void_status
  ) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31)
  ON CONFLICT (id_base_dato) DO UPDATE SET
    customer_doc_type = EXCLUDED.customer_doc_type, customer_doc_number = EXCLUDED.customer_doc_number,
    customer_name = EXCLUDED.customer_name, payload = EXCLUDED.payload,
    status = EXCLUDED.status, hash = EXCLUDED.hash, cdr_code = EXCLUDED.cdr_code, cdr_description = EXCLUDED.cdr_description,
    cdr_xml = EXCLUDED.cdr_xml, cdr_zip = EXCLUDED.cdr_zip, payments = EXCLUDED.payments, discounts = EXCLUDED.discounts,
    events = EXCLUDED.events, reprints = EXCLUDED.reprints, cashier_name = EXCLUDED.cashier_name,
    discount_total = EXCLUDED.discount_total, local_updated_at = EXCLUDED.local_updated_at, replaces = EXCLUDED.replaces, modifies = EXCLUDED.modifies, local_seq = EXCLUDED.local_seq, void_status = EXCLUDED.void_status, pushed_at = now()
  WHERE documents.local_seq <= EXCLUDED.local_seq AND documents.terminal_id = EXCLUDED.terminal_id`;

/** The values of one document's upsert, or null when it is gone from the till (never: rows are not deleted). */
function snapshot(sources: PushSources, terminalId: string, row: QueuedDocument): unknown[] | null {
  const d = sources.documents.getById(row.document_id);
  if (!d) return null;
  return [
    d.id_base_dato, terminalId, d.doc_type, d.series, d.number, d.issued_at, d.issue_date, d.currency, d.customer_doc_type,
    d.customer_doc_number, d.customer_name, d.total, d.igv, d.status, d.hash, d.cdr_code, d.cdr_description, d.cdr_xml,
    d.cdr_zip, d.payload, d.cashier_name, d.discount_total, JSON.stringify(sources.payments.of(d.id)),
    JSON.stringify(sources.discounts.of(d.id)), JSON.stringify(sources.queue.events(d.id)), d.reprints, d.updated_at,
    d.reissue_of === null ? null : (sources.documents.getById(d.reissue_of)?.id_base_dato ?? null),
    modifiesOf(d.doc_type, d.payload),
    row.seq,
    sources.queue.voidOf(d.id),
  ];
}

/** A note's modified document as its payload names it, '03-B001-24' (server migration 0004); null for a sale. */
function modifiesOf(docType: string, payload: string): string | null {
  if (docType !== '07' && docType !== '08') return null;
  try {
    const p = JSON.parse(payload) as { afectado_Tipo_Doc?: unknown; afectado_Num_Doc?: unknown };
    const m = /^([A-Z0-9]{4})-0*(\d{1,8})$/i.exec(String(p.afectado_Num_Doc ?? ''));
    return m && typeof p.afectado_Tipo_Doc === 'string' ? `${p.afectado_Tipo_Doc}-${m[1]!.toUpperCase()}-${Number(m[2])}` : null;
  } catch {
    return null;
  }
}

/** Pushes up to `limit` queued documents; answers how many went up or were set aside. Throws when the server cannot
 * be reached or answered for the whole batch (nothing is dequeued then). */
export async function pushBatch(pool: pg.Pool, sources: PushSources, terminalId: string, limit: number, now: () => Date = () => new Date()): Promise<number> {
  const rows: QueuedDocument[] = sources.queue.next(limit);
  if (rows.length === 0) return 0;
  const snapshots = rows.map((row) => ({ row, values: snapshot(sources, terminalId, row) }));
  const client = await pool.connect();
  let refused: Refusal[] = [];
  try {
    // The usual case in one go; only a batch the server refused is retried one document at a time.
    if (!(await writeAll(client, snapshots, terminalId, false))) refused = await writeAll(client, snapshots, terminalId, true);
  } finally {
    client.release();
  }
  const refusedIds = new Set(refused.map((r) => r.row.document_id));
  sources.queue.done(rows.filter((r) => !refusedIds.has(r.document_id)));
  if (refused.length > 0) sources.queue.setAside(refused.map((r) => ({ ...r.row, reason: r.reason })), now().toISOString());
  return rows.length;
}

interface Refusal {
  row: QueuedDocument;
  reason: string;
}

type Snapshot = { row: QueuedDocument; values: unknown[] | null };

/**
 * One transaction for the batch. Without `isolate`, any refusal rolls it back and answers false. With it, each document
 * runs under a savepoint: a refused one is rolled back alone, recorded in refused_documents, and answered.
 */
async function writeAll(client: pg.PoolClient, snapshots: readonly Snapshot[], terminalId: string, isolate: true): Promise<Refusal[]>;
async function writeAll(client: pg.PoolClient, snapshots: readonly Snapshot[], terminalId: string, isolate: false): Promise<Refusal[] | false>;
async function writeAll(client: pg.PoolClient, snapshots: readonly Snapshot[], terminalId: string, isolate: boolean): Promise<Refusal[] | false> {
  const refused: Refusal[] = [];
  try {
    await client.query('BEGIN');
    for (const { row, values } of snapshots) {
      if (!values) continue;
      if (isolate) await client.query('SAVEPOINT caja_document');
      try {
        await client.query({ name: 'caja_push_document', text: UPSERT, values });
        if (isolate) await client.query('RELEASE SAVEPOINT caja_document');
      } catch (e) {
        if (!isolate || !refusesDocument(e)) throw e;
        await client.query('ROLLBACK TO SAVEPOINT caja_document');
        const reason = refusalText(e, values);
        refused.push({ row, reason });
        await client.query({
          name: 'caja_push_refused',
          text: `INSERT INTO refused_documents (terminal_id, id_base_dato, doc_type, series, number, reason) VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (terminal_id, id_base_dato) DO UPDATE SET reason = EXCLUDED.reason, refused_at = now()`,
          values: [terminalId, values[0], values[2], values[3], values[4], reason],
        });
      }
    }
    // What went up is no longer refused (an earlier refusal settled meanwhile).
    const sent = snapshots.filter((s) => s.values && !refused.some((r) => r.row === s.row)).map((s) => s.values![0]);
    await client.query({ name: 'caja_push_unrefuse', text: 'DELETE FROM refused_documents WHERE terminal_id = $1 AND id_base_dato = ANY($2)', values: [terminalId, sent] });
    await client.query('COMMIT');
    return refused;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (!isolate && refusesDocument(e)) return false;
    throw e;
  }
}

/** The server refused the row itself (a taken number, a value it cannot store, a row this till may not write). */
function refusesDocument(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23') || code === '42501');
}

function refusalText(e: unknown, values: unknown[]): string {
  const number = `${String(values[3])}-${String(values[4]).padStart(8, '0')}`;
  const code = (e as { code?: string }).code ?? '';
  if (code === '23505') {
    return `El número ${number} ya está en el servidor de la tienda con otro comprobante (de otra caja). Este comprobante quedó apartado: no se perdió y sigue en esta caja; revise la serie de esta caja en Ajustes.`;
  }
  if (code === '42501') return `El servidor de la tienda no permite a esta caja guardar el comprobante ${number}. Quedó apartado en esta caja.`;
  return `El servidor de la tienda no aceptó el comprobante ${number} (datos que no puede guardar). Quedó apartado en esta caja y se intentará de nuevo en la próxima conexión.`;
}
