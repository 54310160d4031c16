// Notes across the shop's tills: a return at one till of a sale made at another finds that sale through the
// shop server, with what every till already credited on it. Parameterised, named queries only; every text column is
// cut in the query and the payload comes back only within its bound (bounds.ts).
import Decimal from 'decimal.js';
import type pg from 'pg';
import type { NoteLink } from '../../../shared/bridge/notes';
import { noteReason } from '../../../shared/catalog';
import { CDR_LIMITS } from '../cdr';
import { clip, SHOP_BOUNDS } from './bounds';

const B = SHOP_BOUNDS;

/** A boleta or factura of any till, as the shop server holds it: the evidence a return at another till stands on. */
export interface ShopSale {
  idBaseDato: string;
  terminalId: string;
  terminal: string;
  docType: '01' | '03';
  series: string;
  number: number;
  issuedAt: string;
  total: string;
  /** Its till's status as last pushed: a note is issued only on 'accepted' or 'observed'. */
  status: string;
  /** The Invoice JSON exactly as its till sent it (null when past the bound). */
  payload: string | null;
  /** Credit notes of every till on it that count (any status but rejected or conflict): their sum, 2 decimals. */
  credited: string;
  /** Their lines, per credit note (each a note's payload detail), for the per-line limit. */
  creditNotes: { idBaseDato: string; series: string; number: number; total: string; status: string; payload: string | null }[];
}

/** The key a note's `modifies` column holds (server migration 0004): '03-B001-24'. */
export const modifiesKey = (docType: string, series: string, number: number): string => `${docType}-${series.toUpperCase()}-${number}`;

/** The boleta or factura a `modifies` key names, or null when it names none. */
export function parseModifiesKey(key: string | null): { docType: '01' | '03'; series: string; number: number } | null {
  const m = /^(0[13])-([A-Z0-9]{4})-(\d{1,8})$/.exec(key ?? '');
  return m ? { docType: m[1] as '01' | '03', series: m[2]!, number: Number(m[3]) } : null;
}

/** Statuses of a note that took nothing (as the till's notes repository counts them). */
const NOT_COUNTED = ['rejected', 'conflict'];

/** The sale numbered `series`-`number` of any till (B series → boleta, F → factura), or null when the server has none. */
export async function findShopSale(pool: pg.Pool, series: string, number: number): Promise<ShopSale | null> {
  const docType = /^F/i.test(series) ? '01' : '03';
  const sale = await pool.query<{
    id_base_dato: string; terminal_id: string; terminal: string; series: string; number: number; issued_at: string; total: string; status: string; payload: string | null;
  }>({
    name: 'caja_shop_sale',
    text: `SELECT ${clip('d.id_base_dato', B.code, 'id_base_dato')}, ${clip('d.terminal_id', B.code, 'terminal_id')}, ${clip('t.name', B.name, 'terminal')},
        ${clip('d.series', B.code, 'series')}, d.number, ${clip('d.issued_at', B.code, 'issued_at')}, d.total::text AS total,
        ${clip('d.status', B.code, 'status')}, CASE WHEN octet_length(d.payload) <= ${B.payloadBytes} THEN d.payload END AS payload
      FROM documents d JOIN terminals t USING (terminal_id) WHERE d.doc_type = $1 AND d.series = $2 AND d.number = $3`,
    values: [docType, series.toUpperCase(), number],
  });
  const r = sale.rows[0];
  if (!r) return null;
  const notes = await pool.query<{ id_base_dato: string; series: string; number: number; total: string; status: string; payload: string | null }>({
    name: 'caja_shop_credits',
    text: `SELECT ${clip('id_base_dato', B.code, 'id_base_dato')}, ${clip('series', B.code, 'series')}, number, total::text AS total,
        ${clip('status', B.code, 'status')}, CASE WHEN octet_length(payload) <= ${B.payloadBytes} THEN payload END AS payload
      FROM documents WHERE modifies = $1 AND doc_type = '07' ORDER BY pushed_at, series, number`,
    values: [modifiesKey(docType, r.series, r.number)],
  });
  const counted = notes.rows.filter((n) => !NOT_COUNTED.includes(n.status));
  return {
    idBaseDato: r.id_base_dato,
    terminalId: r.terminal_id,
    terminal: r.terminal,
    docType,
    series: r.series,
    number: r.number,
    issuedAt: r.issued_at,
    total: r.total,
    status: r.status,
    payload: r.payload,
    credited: counted.reduce((sum, n) => sum.plus(n.total), new Decimal(0)).toFixed(2),
    creditNotes: counted.map((n) => ({ idBaseDato: n.id_base_dato, series: n.series, number: n.number, total: n.total, status: n.status, payload: n.payload })),
  };
}

/**
 * The CDR zip the server holds for a document (base64), within the bound a CDR is read with (cdr/read-cdr-zip.ts),
 * else null: a till's role writes this column as it writes the status, so it is read as a claim to be checked.
 */
export async function shopSaleCdr(pool: pg.Pool, idBaseDato: string): Promise<string | null> {
  const r = await pool.query<{ zip: string | null }>({
    name: 'caja_shop_sale_cdr',
    text: `SELECT CASE WHEN octet_length(cdr_zip) <= ${CDR_LIMITS.maxZipBytes} THEN encode(cdr_zip, 'base64') END AS zip FROM documents WHERE id_base_dato = $1`,
    values: [idBaseDato],
  });
  return r.rows[0]?.zip ?? null;
}

interface LinkRow {
  doc_type: '01' | '03' | '07' | '08';
  series: string;
  number: number;
  issued_at: string;
  total: string;
  status: string;
  reason: string | null;
}

const LINK = `doc_type, ${clip('series', B.code, 'series')}, number, ${clip('issued_at', B.code, 'issued_at')}, total::text AS total,
  ${clip('status', B.code, 'status')}, substring(payload FROM '"motivo_Cod":"([0-9]{2})"') AS reason`;

/**
 * "Todas las cajas": a document of any till lists the notes every till issued on it, and a note links to
 * the document it modifies, from the server's `modifies` (migration 0004). Links carry id 0: they are not on this till.
 */
export async function shopNoteLinks(
  pool: pg.Pool,
  doc: { docType: string; series: string; number: number; modifies: string | null },
): Promise<{ notes: NoteLink[]; modifies: NoteLink | null }> {
  const label = (docType: string, reason: string | null) => (reason && (docType === '07' || docType === '08') ? (noteReason(docType, reason)?.label ?? null) : null);
  const link = (r: LinkRow, reasonOf: string): NoteLink => ({
    id: 0, docType: r.doc_type, series: r.series, number: r.number, issuedAt: r.issued_at, total: r.total, status: r.status,
    reason: r.reason, reasonLabel: label(reasonOf, r.reason),
  });
  if (doc.docType === '01' || doc.docType === '03') {
    const notes = await pool.query<LinkRow>({
      name: 'caja_shop_notes_of',
      text: `SELECT ${LINK} FROM documents WHERE modifies = $1 ORDER BY issued_at, series, number LIMIT 1000`,
      values: [modifiesKey(doc.docType, doc.series, doc.number)],
    });
    return { notes: notes.rows.map((r) => link(r, r.doc_type)), modifies: null };
  }
  const modified = parseModifiesKey(doc.modifies);
  if (!modified) return { notes: [], modifies: null };
  const target = await pool.query<LinkRow>({
    name: 'caja_shop_modified',
    text: `SELECT ${LINK} FROM documents WHERE doc_type = $1 AND series = $2 AND number = $3`,
    values: [modified.docType, modified.series, modified.number],
  });
  const r = target.rows[0];
  if (!r) return { notes: [], modifies: null };
  // The reason is the note's (the modified document has none): read from this note's own row.
  const own = await pool.query<{ reason: string | null }>({
    name: 'caja_shop_note_reason',
    text: `SELECT substring(payload FROM '"motivo_Cod":"([0-9]{2})"') AS reason FROM documents WHERE doc_type = $1 AND series = $2 AND number = $3`,
    values: [doc.docType, doc.series, doc.number],
  });
  return { notes: [], modifies: link({ ...r, reason: own.rows[0]?.reason ?? null }, doc.docType) };
}
