// A document lists its notes, a note links to the document it modifies (DocumentDetail.notes / .modifies).
import type { NoteLink } from '../../../shared/bridge/notes';
import { noteReason } from '../../../shared/catalog';
import type { DocumentRow, DocumentsRepository, NotesRepository } from '../db';

const labelOf = (docType: string, reason: string): string | null =>
  docType === '07' || docType === '08' ? (noteReason(docType, reason)?.label ?? null) : null;

export function noteLinksOf(notes: NotesRepository, documents: DocumentsRepository, row: DocumentRow): { notes: NoteLink[]; modifies: NoteLink | null } {
  const list = notes.notesOf(row.id).map(
    (n): NoteLink => ({
      id: n.id,
      docType: n.doc_type as NoteLink['docType'],
      series: n.series,
      number: n.number,
      issuedAt: n.issued_at,
      total: n.total,
      status: n.status,
      reason: n.reason,
      reasonLabel: labelOf(n.doc_type, n.reason),
    }),
  );
  const detail = row.doc_type === '07' || row.doc_type === '08' ? notes.detailOf(row.id) : undefined;
  const target = detail ? documents.getById(detail.modifies_id) : undefined;
  const modifies: NoteLink | null =
    detail && target
      ? {
          id: target.id,
          docType: target.doc_type,
          series: target.series,
          number: target.number,
          issuedAt: target.issued_at,
          total: target.total,
          status: target.status,
          reason: detail.reason,
          reasonLabel: labelOf(row.doc_type, detail.reason),
        }
      : null;
  // A note on a sale of another till (several tills): that sale as the shop server held it (id 0: not here).
  const shop = !modifies && (row.doc_type === '07' || row.doc_type === '08') ? notes.shopTargetOf(row.id) : undefined;
  if (shop) {
    const { sale } = shop;
    const link: NoteLink = {
      id: 0, docType: sale.docType as NoteLink['docType'], series: sale.series, number: sale.number, issuedAt: sale.issuedAt,
      total: sale.total, status: sale.status, reason: shop.reason, reasonLabel: labelOf(row.doc_type, shop.reason),
    };
    return { notes: list, modifies: link };
  }
  return { notes: list, modifies };
}
