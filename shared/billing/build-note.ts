// A credit or debit note's payload from the document it modifies (issue 24). A note's lines are lines: they are built
// by the line math of a sale (buildInvoice: schema, sale rules, IGV, totals, amount in words), then dressed as a note
// per docs/api/provider-factiliza.md ("Credit and debit notes"): no forma_pago, `Manual` instead of `manual`, the
// modified document's type and number without zero padding, the reason. Amounts stay positive.
// Limits that need stored data (what earlier notes took) are the core's: electron/core/services/issue-note.ts.
import { affectedNumber, NoteSchema, type Invoice, type Note } from '../api';
import { noteReason, type NoteDocType } from '../catalog/note-reasons';
import { buildInvoice } from './build-invoice';
import { Dec } from './decimal';
import { draftFromInvoice } from './invoice-draft';
import type { SaleDraftInput } from './sale-draft-schema';
import { SaleValidationError } from './validate-sale';

export interface NoteRequest {
  type: NoteDocType;
  reason: string;
  description: string;
  lines?: readonly { line: number; quantity: string }[];
  amount?: string;
}

export interface NoteNumbering {
  series: string;
  number: number;
  issuedAt: string;
  idBaseDato: string;
}

type DraftLine = SaleDraftInput['lines'][number];

/** The lines of the note, per its reason's mode. Throws SaleValidationError naming the field at fault. */
export function noteLines(original: Invoice, request: NoteRequest): DraftLine[] {
  const reason = noteReason(request.type, request.reason);
  if (!reason) throw new SaleValidationError([{ path: 'reason', message: 'Motivo no válido para este tipo de nota' }]);
  const sold = draftFromInvoice(original).lines;
  if (reason.mode === 'whole') return sold;
  if (reason.mode === 'lines') {
    return (request.lines ?? []).map((l, i) => {
      const line = sold[l.line - 1];
      if (!line) throw new SaleValidationError([{ path: `lines.${i}.line`, message: `El comprobante no tiene la línea ${l.line}` }]);
      return { ...line, quantity: l.quantity };
    });
  }
  // One line for the amount, IGV included, under the document's taxed affectation when it has one: a shop's notes for
  // an amount adjust a taxed sale; a document with exonerated lines only takes that affectation.
  const taxed = original.detalle.find((l) => l.tip_Afe_Igv === '10') ?? original.detalle[0];
  return [
    {
      code: `MOT${request.type}${request.reason}`,
      description: `${reason.label}: ${request.description}`.slice(0, 500),
      unit: 'ZZ',
      quantity: '1',
      unitPrice: request.amount ?? '0',
      affectation: (taxed?.tip_Afe_Igv ?? '10') as DraftLine['affectation'],
    },
  ];
}

/**
 * The note's payload. The modified document's customer, currency and IGV rate carry over; the sale rules of its type
 * run on the note's lines (a factura's note goes to a RUC, the series letter is the document's).
 */
export function buildNote(original: Invoice, request: NoteRequest, numbering: NoteNumbering): Note {
  const base = draftFromInvoice(original);
  const taxed = original.detalle.find((l) => l.tip_Afe_Igv === '10');
  const company = { ruc: original.empresa_Ruc, ...(taxed ? { igvRate: new Dec(String(taxed.porcentaje_Igv)).div(100).toString() } : {}) };
  const built = buildInvoice(
    {
      ...base,
      series: numbering.series,
      number: String(numbering.number),
      issuedAt: numbering.issuedAt,
      idBaseDato: numbering.idBaseDato,
      lines: noteLines(original, request),
      payment: { method: 'CONTADO' },
    },
    company,
  );
  const { forma_pago: _payments, manual: _manual, tipo_Doc: _type, ...rest } = built;
  const reason = noteReason(request.type, request.reason);
  return NoteSchema.parse({
    ...rest,
    tipo_Doc: request.type,
    afectado_Tipo_Doc: original.tipo_Doc,
    afectado_Num_Doc: affectedNumber(original.serie, original.correlativo),
    motivo_Cod: request.reason,
    motivo_Des: request.description,
    Manual: false,
    Observacion: reason ? reason.label : '',
  });
}
