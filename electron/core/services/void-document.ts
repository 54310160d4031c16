// "Anular": whether a document may be voided, the request recorded before it is sent, its state as the
// document's detail shows it, and the deadline kept in Ajustes.
//
// The rule: a boleta or factura of this till that SUNAT accepted (accepted or observed), without notes, may be voided
// until its deadline: the issue date (Lima) plus `boletaDays` or `facturaDays` calendar days, inclusive. Defaults 3 and
// 7 days (docs/sunat/notes.md, § Deadlines (unsettled: keep them in settings): the comunicación de baja "commonly 7
// days", the resumen diario "3 or 7 days. Default to the shorter one"). A boleta goes through the resumen diario
// (summary/cancel), a factura through a comunicación de baja (voided/cancel): docs/sunat/notes.md § Voiding.
import { VoidRequestBodySchema, type VoidRequestBody } from '../../../shared/api/void-request';
import {
  DEFAULT_VOID_DEADLINES,
  VOID_STATUS_EXPLANATIONS,
  VOID_STATUS_LABELS,
  VoidDeadlinesSchema,
  type VoidDeadlines,
  type VoidSettingsView,
  type VoidStateRow,
  type VoidView,
} from '../../../shared/bridge/voids';
import { limaDate } from '../../../shared/catalog';
import type { DocumentRow, DocumentsRepository, NotesRepository, SettingsRepository, VoidRow, VoidsRepository } from '../db';
import { CoreError } from './errors';
import type { NoteSeriesNames } from './settings';

export interface VoidDeps {
  documents: DocumentsRepository;
  notes: NotesRepository;
  voids: VoidsRepository;
  settingsRepo: SettingsRepository;
  noteSeries: () => NoteSeriesNames;
  isDemo: () => boolean;
  now: () => Date;
  requester?: () => string | null;
}

const SETTINGS_KEY = 'voidDeadlines';
const VOIDABLE_STATUSES = ['accepted', 'observed'];
/** Requests that stand: a document with one takes no note and no second request. */
const STANDING = new Set(['pending', 'sending', 'voided', 'attention']);

const printed = (row: Pick<DocumentRow, 'series' | 'number'>) => `${row.series}-${String(row.number).padStart(8, '0')}`;

/** YYYY-MM-DD plus `days` calendar days. */
function addDays(day: string, days: number): string {
  const t = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export class VoidService {
  constructor(private readonly d: VoidDeps) {}

  deadlines(): VoidDeadlines {
    const parsed = VoidDeadlinesSchema.safeParse(this.d.settingsRepo.get(SETTINGS_KEY));
    return parsed.success ? parsed.data : DEFAULT_VOID_DEADLINES;
  }

  settingsView(): VoidSettingsView {
    return { deadlines: this.deadlines(), noteSeries: this.d.noteSeries() };
  }

  saveSettings(deadlines: VoidDeadlines): VoidSettingsView {
    this.d.settingsRepo.set(SETTINGS_KEY, VoidDeadlinesSchema.parse(deadlines));
    return this.settingsView();
  }

  view(of: number): VoidView {
    const row = this.d.documents.getById(of);
    if (!row) throw new CoreError('not_found', `No existe el comprobante ${of}.`);
    const request = this.d.voids.of(of);
    const isSale = row.doc_type === '01' || row.doc_type === '03';
    const days = row.doc_type === '01' ? this.deadlines().facturaDays : this.deadlines().boletaDays;
    const lastDay = isSale ? addDays(row.issue_date, days) : null;
    const why = request ? null : this.whyNot(row, lastDay);
    return {
      documentId: of,
      offered: !request && why === null,
      why,
      endpoint: isSale ? (row.doc_type === '01' ? 'voided' : 'summary') : null,
      deadlineDays: isSale ? days : null,
      lastDay,
      request: request ? requestView(request) : null,
    };
  }

  /** Records the void (once per document). A second request for the same document answers the first. */
  request(of: number, reason: string): VoidView {
    const existing = this.d.voids.of(of);
    if (existing) return this.view(of);
    const row = this.d.documents.getById(of);
    if (!row) throw new CoreError('not_found', `No existe el comprobante ${of}.`);
    const why = this.whyNot(row, this.lastDayOf(row));
    if (why) throw new CoreError('not_voidable', why);
    const body: VoidRequestBody = VoidRequestBodySchema.parse({
      empresa_Ruc: (JSON.parse(row.payload) as { empresa_Ruc: string }).empresa_Ruc,
      tipo_Doc: row.doc_type,
      serie: row.series,
      correlativo: String(row.number),
      anulacion_Motivo: reason,
      estado_Documento: '0',
    });
    const endpoint = row.doc_type === '01' ? 'voided' : 'summary';
    const by = this.d.requester?.() ?? null;
    this.d.voids.request(
      {
        document_id: of,
        endpoint,
        reason: body.anulacion_Motivo,
        payload: JSON.stringify(body),
        demo: row.demo === 1,
        requested_at: this.d.now().toISOString(),
        requested_by: by,
      },
      `Anulación solicitada${by ? ` por ${by}` : ''} (${endpoint === 'voided' ? 'comunicación de baja' : 'resumen diario'}): ${body.anulacion_Motivo}`,
    );
    return this.view(of);
  }

  /** The void state of each listed document that has a request. */
  states(ids: readonly number[]): VoidStateRow[] {
    return this.d.voids.statesOf(ids).map((r) => ({ documentId: r.document_id, status: r.status, label: VOID_STATUS_LABELS[r.status] }));
  }

  /**
   * The API refused the request (nothing reached SUNAT): the same request goes back to the queue, if the document may
   * still be voided. Meanwhile it may have taken a note, or passed its deadline: sending then would void a credited
   * sale, or draw SUNAT's refusal.
   */
  retry(of: number): VoidView {
    const request = this.d.voids.of(of);
    if (!request || request.status !== 'invalid') throw new CoreError('not_retryable', 'Solo se reintenta una anulación que la API no aceptó.');
    const row = this.d.documents.getById(of);
    const why = row ? this.whyNot(row, this.lastDayOf(row)) : `No existe el comprobante ${of}.`;
    if (why) throw new CoreError('not_voidable', why);
    this.d.voids.set(request.id, { status: 'pending', next_attempt_at: this.d.now().toISOString(), last_error: request.last_error }, 'Anulación: se reintenta el envío.');
    return this.view(of);
  }

  /**
   * Why a void request must not leave now, or null: SUNAT counts its deadline when it receives the request (a late one
   * draws 2957), so the void outbox asks before every send, not only when the request was made.
   */
  lateToSend(of: number): string | null {
    const row = this.d.documents.getById(of);
    if (!row) return null;
    const lastDay = this.lastDayOf(row);
    if (limaDate(this.d.now()) <= lastDay) return null;
    return `No se envió: pasó el plazo para anular ${printed(row)} (hasta el ${lastDay}, según Ajustes; SUNAT lo cuenta al recibir la anulación). Para dejarlo sin efecto, emita una nota de crédito con motivo 01 (anulación de la operación).`;
  }

  /** The last day (Lima) a document may be voided, per Ajustes. */
  private lastDayOf(row: DocumentRow): string {
    return addDays(row.issue_date, row.doc_type === '01' ? this.deadlines().facturaDays : this.deadlines().boletaDays);
  }

  /** The document's void stands: requested, being sent, accepted, or waiting for attention. */
  standing(of: number): boolean {
    const request = this.d.voids.of(of);
    return request !== undefined && STANDING.has(request.status);
  }

  /** A note on a document whose void stands would modify a document that is (or is becoming) void. */
  guardNote(of: number): void {
    const request = this.d.voids.of(of);
    if (request && STANDING.has(request.status)) {
      const row = this.d.documents.getById(of);
      throw new CoreError('voided', `${row ? printed(row) : 'El comprobante'} tiene una anulación ${request.status === 'voided' ? 'aceptada' : 'en curso'}: no admite notas.`);
    }
  }

  private whyNot(row: DocumentRow, lastDay: string | null): string | null {
    if (row.doc_type !== '01' && row.doc_type !== '03') return 'Solo se anulan boletas y facturas; una nota no se anula.';
    if (!VOIDABLE_STATUSES.includes(row.status)) return `Solo se anula un comprobante que SUNAT aceptó; ${printed(row)} no figura aceptado.`;
    if (row.demo === 1 && !this.d.isDemo()) return 'Es un comprobante de demostración: no se anula ante SUNAT.';
    const notes = this.d.notes.notesOf(row.id).filter((n) => n.status !== 'rejected' && n.status !== 'conflict');
    if (notes.length > 0) return `${printed(row)} ya tiene notas de crédito o débito: no se anula.`;
    const today = limaDate(this.d.now());
    if (lastDay !== null && today > lastDay) {
      return `Pasó el plazo para anular (hasta el ${lastDay}, según Ajustes). Para dejarlo sin efecto, emita una nota de crédito con motivo 01 (anulación de la operación).`;
    }
    return null;
  }
}

function requestView(r: VoidRow): NonNullable<VoidView['request']> {
  return {
    status: r.status,
    label: VOID_STATUS_LABELS[r.status],
    explanation: VOID_STATUS_EXPLANATIONS[r.status],
    endpoint: r.endpoint,
    reason: r.reason,
    requestedAt: r.requested_at,
    requestedBy: r.requested_by,
    attempts: r.attempts,
    lastError: r.last_error,
    answer: r.answer_code !== null ? `${r.answer_code}${r.answer_text ? ` - ${r.answer_text}` : ''}` : null,
    decidedAt: r.decided_at,
    retryable: r.status === 'invalid',
  };
}
