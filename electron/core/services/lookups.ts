import type { Guide, Invoice, ReceiptRecord } from '../../../shared/api';
import type { CdrQueryInput, CdrQueryResult, GuideLookupInput, ReceiptLookupInput } from '../../../shared/bridge';
import { isApiError, type ApiClient } from '../api';
import { isRefusedCdr, listZip, readCdrZip, readZipEntry, ZipRefused, type CdrInfo, type ZipLimits } from '../cdr';
import { decodeXmlBytes } from '../cdr/decode-xml-bytes';
import type { DocumentsRepository, LookupsRepository } from '../db';
import type { DocStatus } from '../../../shared/bridge/status';
import { finalStatusOf } from '../outbox/outcome';
import { cdrEvidence, gatherEvidence } from '../outbox/reconcile';
import { decide } from '../outbox/verdict';
import { CoreError } from './errors';
import type { SettingsService } from './settings';

/** A transport guide's zip: one XML, larger than a CDR's (one line per item), still a few hundred KB at most. */
const GUIDE_ZIP_LIMITS: ZipLimits = {
  maxZipBytes: 4 * 1024 * 1024,
  maxEntries: 16,
  maxEntryBytes: 8 * 1024 * 1024,
  maxTotalBytes: 16 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 64 * 1024,
};

/** Back-office queries: boleta/factura records, transport guides, CDRs. Answers are cached for offline reading. */
export class LookupsService {
  constructor(
    private readonly api: ApiClient,
    private readonly lookups: LookupsRepository,
    private readonly documents: DocumentsRepository,
    private readonly settings: SettingsService,
  ) {}

  async receipt(input: ReceiptLookupInput): Promise<ReceiptRecord> {
    const key = `${input.ruc}-${input.series}-${Number(input.number)}`;
    return this.cached(`receipt:${input.kind}`, key, () =>
      this.api.receipt(input.kind, { ruc: input.ruc, series: input.series, number: String(Number(input.number)) }),
    );
  }

  async guide(input: GuideLookupInput): Promise<Guide> {
    const key = `${input.ruc}-${input.type}-${input.series}-${Number(input.number)}`;
    return this.cached('guide', key, () => this.api.guide({ ...input, number: String(Number(input.number)) }));
  }

  async guideXml(input: GuideLookupInput): Promise<{ fileName: string; xml: string }> {
    const base64 = await this.guard(() => this.api.guideXml({ ...input, number: String(Number(input.number)) }));
    // Opened with limits, like a CDR: a bomb is refused before it is inflated.
    try {
      const zip = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
      const entry = listZip(zip, GUIDE_ZIP_LIMITS).find((f) => !f.dir && f.name.toLowerCase().endsWith('.xml'));
      if (!entry) throw new CoreError('bad_file', 'El archivo de la guía no contiene un XML.');
      return { fileName: entry.name.split('/').pop() ?? entry.name, xml: decodeXmlBytes(readZipEntry(zip, entry, GUIDE_ZIP_LIMITS)) };
    } catch (e) {
      if (!(e instanceof ZipRefused)) throw e;
      throw new CoreError('bad_file', e.refusal.reason === 'damaged' ? 'El XML de la guía llegó dañado.' : 'El archivo de la guía es demasiado grande o sospechoso (posible archivo malicioso): no se abrió.');
    }
  }

  /**
   * CDR query. Credentials pass through; "recordar" keeps them (encrypted, by the shell) only when none are kept yet:
   * the shop's credentials are changed in Ajustes, never by a cashier's query.
   */
  async cdr(input: CdrQueryInput): Promise<CdrQueryResult> {
    const remembered = this.settings.portalCredentials();
    const creds = input.usuario ? { usuario: input.usuario, password: input.password } : remembered;
    if (!creds || !creds.password) {
      throw new CoreError('validation', 'Ingrese el usuario y la clave SOL.', [{ path: 'usuario', message: 'Requerido' }]);
    }
    const res = await this.guard(() =>
      this.api.cdr({ ruc: input.ruc, ...creds, proveedor: input.ruc, tipo_doc: input.tipo_doc, serie: input.serie, correlativo: String(Number(input.correlativo)) }),
    );
    if (!res.success || !res.data) throw new CoreError('not_found', res.message || 'SUNAT no tiene un CDR para ese comprobante.');
    const remarks: string[] = [];
    if (input.remember && input.usuario) {
      if (!remembered) this.settings.rememberPortal(creds);
      else if (remembered.usuario !== creds.usuario || remembered.password !== creds.password) {
        remarks.push('Las credenciales SOL guardadas en Ajustes no se cambiaron: se cambian solo desde Ajustes.');
      }
    }
    const cdr = await readCdrZip(res.data).catch((e: unknown) => {
      // A bomb or an oversized zip is refused before anything is stored: the document keeps its status.
      throw isRefusedCdr(e) ? new CoreError('cdr_unreadable', `${e.message} No se guardó nada: el comprobante conserva su estado.`) : e;
    });
    const attached = await this.attach(input, res.data, cdr);
    if (attached.remark) remarks.push(attached.remark);
    return { code: cdr.code, description: cdr.description, notes: cdr.notes, xml: cdr.xml, attachedToDocumentId: attached.id, remarks };
  }

  /**
   * A CDR of one of our own documents. A document still open (or accepted without a CDR) takes the status the
   * decision table gives (verdict.ts, table B): the CDR must name its number and customer, and an acceptance needs
   * SUNAT's record to show this sale. Otherwise the CDR is kept only where it agrees with the document's status.
   */
  private async attach(input: CdrQueryInput, zip: string, cdr: CdrInfo): Promise<{ id?: number; remark?: string }> {
    if (input.ruc !== this.settings.company().ruc) return {};
    const doc = this.documents.getBySeriesNumber(input.tipo_doc, input.serie, Number(input.correlativo));
    if (!doc) return {};
    const invoice = JSON.parse(doc.payload) as Invoice;
    const evidence = cdrEvidence(cdr, zip, invoice);
    const label = `${doc.series}-${doc.number}`;
    if (evidence.reference === 'different') {
      return { remark: `El CDR recibido corresponde a otro número (${cdr.referenceId}); no se asoció a ${label}.` };
    }
    const open = OPEN_FOR_CDR.has(doc.status) || doc.cdr_missing === 1;
    if (!open) {
      // A settled document keeps its status: the CDR is kept with it only when it says the same.
      const agrees = finalStatusOf(cdr.code, cdr.notes) === doc.status && evidence.recipient !== 'different';
      if (!agrees) {
        return { remark: `El CDR consultado (código ${cdr.code}) no coincide con el estado de ${label}; no se asoció ni se cambió nada.` };
      }
      this.documents.updateStatus(doc.id, { status: doc.status, ...cdrColumnsOf(zip, cdr) }, 'CDR obtenido por consulta');
      return { id: doc.id };
    }
    const possiblySent = doc.uncertain === 1 || doc.cdr_missing === 1;
    const outcome = decide(await gatherEvidence(invoice, possiblySent, this.api, undefined, { zip, cdr }));
    const fresh = this.documents.getById(doc.id);
    if (!fresh || (!OPEN_FOR_CDR.has(fresh.status) && fresh.cdr_missing !== 1)) return {}; // the outbox settled it meanwhile
    if (outcome.kind === 'final') {
      const accepted = outcome.status === 'accepted' || outcome.status === 'observed';
      this.documents.updateStatus(
        doc.id,
        {
          status: outcome.status,
          ...cdrColumnsOf(zip, cdr),
          last_error: accepted ? null : outcome.message,
          next_attempt_at: null,
          ...(accepted && fresh.status !== outcome.status ? { accepted_at: new Date().toISOString() } : {}),
        },
        `CDR obtenido por consulta. ${outcome.message}`,
      );
      return { id: doc.id };
    }
    if (outcome.kind === 'conflict') {
      this.documents.updateStatus(doc.id, { status: 'conflict', last_error: outcome.message, next_attempt_at: null }, outcome.message);
      return { remark: outcome.message };
    }
    // Not enough evidence: the document keeps its status; the user is told why nothing changed.
    return { remark: `No se cambió el estado de ${label}: ${outcome.message}` };
  }

  private async cached<T>(kind: string, key: string, fetcher: () => Promise<T>): Promise<T> {
    try {
      const value = await fetcher();
      this.lookups.put(kind, key, value);
      return value;
    } catch (e) {
      if (isApiError(e) && (e.kind === 'network' || e.kind === 'timeout')) {
        const hit = this.lookups.get<T>(kind, key);
        if (hit) return hit.response;
      }
      throw toCoreError(e);
    }
  }

  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw toCoreError(e);
    }
  }
}

/** Statuses a CDR query may settle; a conflict that was re-issued, or a document being sent, is left alone. */
const OPEN_FOR_CDR: ReadonlySet<DocStatus> = new Set(['pending', 'blocked_auth', 'attention']);

function cdrColumnsOf(zip: string, cdr: CdrInfo) {
  return {
    cdr_code: cdr.code,
    cdr_description: cdr.description,
    cdr_notes: cdr.notes,
    cdr_zip: Buffer.from(zip, 'base64'),
    cdr_xml: cdr.xml,
    cdr_missing: false,
  };
}

function toCoreError(e: unknown): unknown {
  if (!isApiError(e)) return e;
  return new CoreError(`api_${e.kind}`, e.message);
}
