// This till's link to the shop server, as the core's composition root uses it: the replicator (documents
// up, catalogue and shop-wide settings both ways), the reads of "Todas las cajas" and of the shop's sales report,
// and the checks that need the server (a series another till owns). Never from demo mode: its documents are not the
// shop's. Refusals come back as Spanish CoreErrors.
import path from 'node:path';
import type pg from 'pg';
import type { DocumentDetail, SettingsUpdate } from '../../../shared/bridge';
import { buildSalesReport, type SalesReport, type SalesReportInput } from '../../../shared/cash';
import type { ShopDocumentRow, ShopSearchInput } from '../../../shared/server/documents';
import type { IssuedDocType } from '../../../shared/catalog';
import type { ShopServerStatus } from '../../../shared/server/settings';
import {
  CatalogSyncRepository,
  ReplicationRepository,
  SeriesRepository,
  type Db,
  type DiscountsRepository,
  type DocumentsRepository,
  type PaymentsRepository,
  type SettingsRepository,
  type UsersRepository,
} from '../db';
import type { Logger } from '../dispatch';
import type { SignInRepository } from '../db/repositories/sign-in';
import { CoreError } from '../services/errors';
import type { SettingsService } from '../services/settings';
import { Replicator, ServerUnavailable, type ReplicatorOptions } from './replicator';
import { searchShopDocuments, shopDocumentDetail, shopSalesBetween } from './shop-documents';
import { SHARED_SETTINGS, staffKey, tillRecords } from './sync/till-records';
import { putVerifiedStaff, setAdminCredential, type VerifiedOutcome } from './sync/verified-staff';
import { listUnapplied } from './sync/unapplied';
import { listRefusedDocuments } from './refused-documents';
import type { ShopRefusals } from '../../../shared/server/refusals';
import type { UnappliedChange } from '../../../shared/server/unapplied';
import { SERIES_CLAIM_PENDING_KEY } from '../backup/restore-apply';


export interface ShopLinkDeps {
  db: Db;
  documents: DocumentsRepository;
  payments: PaymentsRepository;
  discounts: DiscountsRepository;
  settings: SettingsService;
  settingsRepo: SettingsRepository;
  users: UsersRepository;
  /** Failed PINs and waits, shared with the other tills. */
  signIn?: SignInRepository;
  /** The app's migrations folder; the server's live in its `server` subfolder. */
  migrationsDir: string;
  log: Logger;
  now: () => Date;
  onChange: () => void;
  timing?: Pick<ReplicatorOptions, 'idleMs' | 'retry' | 'batchSize'>;
  /** This till's stock movements, merged with every till's through the server. */
  stock?: ReplicatorOptions['stock'];
  /** This till's customer-account entries, merged with every till's through the server. */
  accounts?: ReplicatorOptions['accounts'];
}

/** This till's lease on its identity (till-lease.ts), and the server's last refusal kept for offline. */
const LEASE_KEY = 'shopLease';
const REFUSAL_KEY = 'shopRefusal';
/** The note series the shop server last confirmed as this till's ('07:BC01', …). */
const NOTES_CLAIMED_KEY = 'shopNoteSeriesClaimed';
/** Set by a restore that could not keep the live file's lease (electron/core/backup/restore-apply.ts). */
export const RECLAIM_KEY = 'shopLeaseReclaim';

export class ShopLink {
  private readonly replicator: Replicator;
  private readonly catalog: CatalogSyncRepository;
  private readonly records: ReturnType<typeof tillRecords>;
  private readonly queue: ReplicationRepository;
  private readonly numbering: SeriesRepository;

  constructor(private readonly d: ShopLinkDeps) {
    const { settings, settingsRepo } = d;
    this.catalog = new CatalogSyncRepository(d.db, d.now);
    this.numbering = new SeriesRepository(d.db);
    this.records = tillRecords({ catalog: this.catalog, settings, settingsRepo, ...(d.signIn ? { signIn: d.signIn } : {}) });
    this.replicator = new Replicator({
      records: this.records,
      queue: (this.queue = new ReplicationRepository(d.db)),
      documents: d.documents,
      payments: d.payments,
      discounts: d.discounts,
      settings: () => (this.active() ? settings.shopServer() : null),
      password: () => settings.shopServerPassword(),
      terminal: () => ({
        id: settings.terminalId(), name: settings.shopServer().terminalName, series: settings.seriesNames(), notes: settings.noteSeriesNames(),
        numbered: this.numbering.list().filter((s) => s.last_number > 0).map((s): [string, string] => [s.doc_type, s.series]),
      }),
      migrationsDir: path.join(d.migrationsDir, 'server'),
      log: d.log,
      now: d.now,
      onChange: d.onChange,
      lease: {
        get: () => settingsRepo.get<string>(LEASE_KEY),
        set: (lease) => {
          settingsRepo.set(LEASE_KEY, lease);
          settingsRepo.delete(RECLAIM_KEY);
        },
        reclaiming: () => settingsRepo.get(RECLAIM_KEY) === true,
      },
      claimed: (series) => {
        settingsRepo.set(NOTES_CLAIMED_KEY, series.filter(([docType]) => docType === '07' || docType === '08').map(([t, s]) => `${t}:${s}`));
        settingsRepo.delete(SERIES_CLAIM_PENDING_KEY);
      },
      remembered: {
        get: () => settingsRepo.get<string>(REFUSAL_KEY) ?? null,
        set: (message) => (message === null ? settingsRepo.delete(REFUSAL_KEY) : settingsRepo.set(REFUSAL_KEY, message)),
      },
      ...(d.stock ? { stock: d.stock } : {}),
      ...(d.accounts ? { accounts: d.accounts } : {}),
      ...d.timing,
    });
  }

  /**
   * "Registrar como caja nueva": this till's data folder shares its identity with another till. It takes a
   * new identity; its documents stay and go up under it (those whose numbers the other till holds are set aside).
   */
  registerAsNewTill(): { terminalId: string } {
    this.d.settingsRepo.delete('terminalId');
    this.d.settingsRepo.delete(LEASE_KEY);
    this.replicator.forgetConflict();
    this.replicator.reconfigure();
    return { terminalId: this.d.settings.terminalId() };
  }

  /** The documents the server refused: this till's (known offline) and, when it answers, every till's. */
  async refusals(): Promise<ShopRefusals> {
    const name = this.d.settings.shopServer().terminalName;
    const here = this.queue.setAsideDocuments().map((r) => ({ terminal: name, docType: r.doc_type, series: r.series, number: r.number, reason: r.reason, at: r.set_aside_at }));
    const shop = this.active() ? await this.replicator.read((pool) => listRefusedDocuments(pool)).catch(() => null) : null;
    return { here, shop };
  }

  private active(): boolean {
    return this.d.settings.shopServer().enabled && !this.d.settings.isDemo();
  }

  /** For the status bar; null while no server is used. */
  status(): ShopServerStatus | null {
    return this.active() ? this.replicator.status() : null;
  }

  start(): void {
    this.replicator.start();
  }

  stop(): Promise<void> {
    return this.replicator.stop();
  }

  /** The database is about to close. */
  halt(): void {
    this.replicator.halt();
  }

  /** A sale or a status change to push. */
  wake(): void {
    this.replicator.wake();
  }

  /** Refuses a sale while this till's series belongs to another till on the server. */
  guardSeries(): void {
    const conflict = this.replicator.seriesConflict();
    if (conflict) throw new CoreError('series_conflict', conflict);
    if (this.active() && this.d.settingsRepo.get(SERIES_CLAIM_PENDING_KEY) === true) {
      throw new CoreError(
        'series_unconfirmed',
        'Esta caja se restauró de una copia en una PC que no tenía datos de Caja: para el servidor de la tienda es una caja nueva, y la caja de la copia ' +
          'puede seguir vendiendo con las mismas series. Conecte esta caja al servidor y espere a que confirme sus series; si otra caja las usa, elija series propias en Ajustes.',
      );
    }
  }

  /**
   * Before a note: on a till of a shop server, its note series must be confirmed as its own by the server. They follow
   * the invoice series, and two tills whose series end alike once both took BC01: the second till's notes reused
   * numbers SUNAT already held and were never declared. Until the server answers the claim (at the till's first
   * connection after a series change, or after an update), notes wait; sales do not (their series were claimed).
   */
  guardNoteSeries(): void {
    this.guardSeries();
    if (!this.active()) return;
    const n = this.d.settings.noteSeriesNames();
    const wanted = [`07:${n.creditBoleta}`, `07:${n.creditFactura}`, `08:${n.debitBoleta}`, `08:${n.debitFactura}`];
    const claimed = new Set(this.d.settingsRepo.get<string[]>(NOTES_CLAIMED_KEY) ?? []);
    if (wanted.every((k) => claimed.has(k))) return;
    throw new CoreError(
      'series_unconfirmed',
      `Las series de notas de esta caja (${n.creditBoleta}, ${n.debitBoleta}, ${n.creditFactura}, ${n.debitFactura}) aún no están confirmadas en el servidor ` +
        'de la tienda, y otra caja podría usarlas: conecte esta caja al servidor y espere a que figure en línea para emitir notas.',
    );
  }

  /**
   * The highest number of a series the shop server holds (evidence when this till's numbering must be
   * confirmed); null when no server is used or it does not answer.
   */
  async highestNumber(docType: IssuedDocType, series: string): Promise<number | null> {
    if (!this.active()) return null;
    try {
      return await this.replicator.read(async (pool) => {
        const res = await pool.query<{ max: string | null }>('SELECT MAX(number)::text AS max FROM documents WHERE doc_type = $1 AND series = $2', [docType, series]);
        const max = res.rows[0]?.max;
        return max === null || max === undefined ? 0 : Number(max);
      });
    } catch {
      return null;
    }
  }

  /** Before Ajustes saves: a series another till owns is refused. */
  async checkSettings(input: SettingsUpdate): Promise<void> {
    if (!input.series) return;
    const taken = await this.replicator.checkSeries(input.series);
    if (taken) throw new CoreError('series_conflict', taken, [{ path: 'series.boleta', message: 'Serie usada por otra caja' }]);
  }

  /** After Ajustes saved: shared settings go up, and the link follows new settings. */
  settingsSaved(input: SettingsUpdate): void {
    for (const key of SHARED_SETTINGS) {
      if (input[key as keyof SettingsUpdate] !== undefined) this.catalog.enqueueSetting(key, this.records.settingVersion(key));
    }
    // New series: the refusal remembered from the last contact was about the old ones; the next contact decides again.
    if (input.series !== undefined) this.replicator.forgetConflict();
    this.replicator.reconfigure();
  }

  /** A user was added or changed here (0021's triggers queued that person): it goes up now. */
  usersChanged(): void {
    this.replicator.wake();
  }

  /**
   * A staff change saved here, taken to the server with the PIN of the administrator who made it (typed for this
   * change, never kept): the server verifies it and applies the change for every till (server 0014). Null when no
   * shop server is used; otherwise applied, or why not (the ordinary push then only lists the change for the office, and this till takes
   * the server's record back).
   */
  async verifiedStaffChange(change: { adminName: string; adminPin: string; name: string; newPin: string | null }): Promise<VerifiedOutcome | null> {
    if (!this.active()) return null;
    const key = staffKey(change.name);
    const wanted = this.records.local('user', key);
    if (wanted === undefined) return null;
    try {
      return await this.replicator.read((pool) => putVerifiedStaff(pool, { adminKey: staffKey(change.adminName), adminPin: change.adminPin, key, wanted, newPin: change.newPin }));
    } catch (e) {
      if (e instanceof ServerUnavailable) return { applied: false, message: 'Sin conexión con el servidor de la tienda: guárdelo de nuevo con su PIN cuando haya conexión. Si no, no llegará a las demás cajas y la oficina lo verá en «Cambios no aplicados».' };
      this.d.log.warn('verified staff change failed', { error: e instanceof Error ? e.message : String(e) });
      return { applied: false, message: 'El servidor de la tienda no aplicó el cambio. No llega a las demás cajas: la oficina lo verá en «Cambios no aplicados».' };
    }
  }

  /**
   * An administrator's PIN is known here (a sign-in, a PIN saved, a recovery): at the office it becomes the
   * credential the server checks a till's staff changes against. In the background; a till's role sends nothing.
   */
  adminPinKnown(name: string, pin: string, pinHash: string): void {
    if (!this.active()) return;
    void this.replicator.read((pool) => setAdminCredential(pool, staffKey(name), pin, pinHash)).catch(() => undefined);
  }

  setPassword(password: string): { passwordSet: boolean } {
    this.d.settings.setShopServerPassword(password);
    this.replicator.reconfigure();
    return { passwordSet: true };
  }

  probe(): Promise<{ ok: boolean; message: string }> {
    if (this.d.settings.shopServer().enabled && this.d.settings.isDemo()) {
      return Promise.resolve({ ok: false, message: 'En modo demo esta caja no usa el servidor de la tienda: sus ventas de prueba no son de la tienda.' });
    }
    return this.replicator.probe();
  }

  search(input: ShopSearchInput): Promise<ShopDocumentRow[]> {
    return this.read((pool) => searchShopDocuments(pool, input));
  }

  detail(idBaseDato: string): Promise<DocumentDetail> {
    return this.read((pool) => shopDocumentDetail(pool, idBaseDato, this.d.now()));
  }

  /** "Cambios no aplicados": the edits of shared records the server kept its own record over. */
  unapplied(): Promise<UnappliedChange[]> {
    return this.read((pool) => listUnapplied(pool));
  }

  salesReport(range: SalesReportInput): Promise<SalesReport> {
    return this.read(async (pool) => buildSalesReport({ range, generatedAt: this.d.now().toISOString(), ...(await shopSalesBetween(pool, range.from, range.to)) }));
  }

  /** A read of the shop server for another service (a return of another till's sale: shop-returns.ts). */
  readServer<T>(fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
    return this.read(fn);
  }

  /** A read from the server; "cannot reach it" is a Spanish refusal, not an internal error. */
  private async read<T>(fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
    try {
      return await this.replicator.read(fn);
    } catch (e) {
      if (e instanceof ServerUnavailable) throw new CoreError('server_unavailable', e.message);
      throw e;
    }
  }
}
