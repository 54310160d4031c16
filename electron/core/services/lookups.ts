import JSZip from 'jszip';
import type { Guide, ReceiptRecord } from '../../../shared/api';
import type { CdrQueryInput, CdrQueryResult, GuideLookupInput, ReceiptLookupInput } from '../../../shared/bridge';
import { isApiError, type ApiClient } from '../api';
import { readCdrZip } from '../cdr';
import { decodeXmlBytes } from '../cdr/decode-xml-bytes';
import type { DocumentsRepository, LookupsRepository } from '../db';
import { finalStatusOf } from '../outbox/outcome';
import { CoreError } from './errors';
import type { SettingsService } from './settings';

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
    const zip = await JSZip.loadAsync(base64, { base64: true }).catch(() => {
      throw new CoreError('bad_file', 'El XML de la guía llegó dañado.');
    });
    const entry = Object.values(zip.files).find((f) => !f.dir && f.name.toLowerCase().endsWith('.xml'));
    if (!entry) throw new CoreError('bad_file', 'El archivo de la guía no contiene un XML.');
    return { fileName: entry.name.split('/').pop() ?? entry.name, xml: decodeXmlBytes(await entry.async('uint8array')) };
  }

  /** CDR query. Credentials pass through; they are kept (encrypted, by the shell) only when the user asks. */
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
    if (input.remember && input.usuario) this.settings.rememberPortal(creds);
    const cdr = await readCdrZip(res.data);
    const attachedToDocumentId = this.attach(input, res.data, cdr);
    return { code: cdr.code, description: cdr.description, notes: cdr.notes, xml: cdr.xml, attachedToDocumentId };
  }

  /** A CDR of one of our own documents is stored with it; a pending one takes the state the CDR gives. */
  private attach(input: CdrQueryInput, zip: string, cdr: Awaited<ReturnType<typeof readCdrZip>>): number | undefined {
    if (input.ruc !== this.settings.company().ruc) return undefined;
    const doc = this.documents.getBySeriesNumber(input.tipo_doc, input.serie, Number(input.correlativo));
    if (!doc) return undefined;
    const fromCdr = finalStatusOf(cdr.code, cdr.notes);
    // Still open, or accepted by reconciliation without a CDR: the CDR's verdict is the one that counts.
    const open =
      doc.status === 'pending' || doc.status === 'blocked_auth' || doc.status === 'attention' || doc.cdr_missing === 1;
    const status = open && fromCdr && fromCdr !== 'invalid' ? fromCdr : doc.status;
    this.documents.updateStatus(
      doc.id,
      {
        status,
        cdr_code: cdr.code,
        cdr_description: cdr.description,
        cdr_notes: cdr.notes,
        cdr_zip: Buffer.from(zip, 'base64'),
        cdr_xml: cdr.xml,
        cdr_missing: false,
        ...(status !== doc.status && (status === 'accepted' || status === 'observed') ? { accepted_at: new Date().toISOString() } : {}),
      },
      'CDR obtenido por consulta',
    );
    return doc.id;
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

function toCoreError(e: unknown): unknown {
  if (!isApiError(e)) return e;
  return new CoreError(`api_${e.kind}`, e.message);
}
