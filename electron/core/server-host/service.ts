// What the core exposes of the shop server this PC hosts: the view for Ajustes, enabling it, codes,
// copies, and its life with Caja's: started when Caja starts (Caja itself starts with the system, see
// electron/shell/server-tray.ts), a daily copy checked every hour, a copy when it stops, announced by mDNS.
import type { ServerHostView } from '../../../shared/bridge/server-host';
import { CoreError } from '../services/errors';
import { ServerBackups } from './backups';
import { advertise, type Advertisement } from './discovery';
import { ServerHost, type ServerHostOptions } from './host';

const HOUR = 60 * 60 * 1000;

export interface ServerHostServiceOptions extends ServerHostOptions {
  backupsFolder: () => string;
  log?: { warn(message: string, data?: Record<string, unknown>): void };
  /** Tests turn the LAN announcement off. */
  advertise?: boolean;
}

export class ServerHostService {
  readonly host: ServerHost;
  readonly backups: ServerBackups;
  private code: { code: string; expiresAt: string } | null = null;
  private ad: Advertisement | null = null;
  private timer: NodeJS.Timeout | null = null;
  private problem: string | null = null;
  private busy: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: ServerHostServiceOptions) {
    this.host = new ServerHost(o);
    this.backups = new ServerBackups(this.host, { folder: o.backupsFolder, migrationsDir: o.migrationsDir, ...(o.now ? { now: o.now } : {}) });
  }

  /**
   * One operation on the cluster at a time (a copy never races a stop or a restore). Its failure reaches Ajustes as
   * a CoreError with the Spanish message the host wrote.
   */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.busy.then(fn, fn);
    this.busy = next.catch(() => undefined);
    return next.catch((e: unknown) => {
      if (e instanceof CoreError) throw e;
      throw new CoreError('server_host', e instanceof Error ? e.message : String(e));
    });
  }

  view(): ServerHostView {
    const s = this.host.status();
    const code = this.code && Date.parse(this.code.expiresAt) > Date.now() ? this.code : null;
    const dumps = this.backups.list().map(({ path: _path, ...d }) => d);
    return { ...s, code, dumps, advertised: this.ad !== null, problem: this.problem };
  }

  /** On Caja's start: a configured server starts too (failures are shown in Ajustes, never thrown at the start). */
  async startWithCaja(): Promise<void> {
    if (!this.host.isConfigured()) return;
    try {
      await this.serial(() => this.host.start());
      this.afterStart();
    } catch (e) {
      this.fail('start', e);
    }
  }

  async enable(): Promise<ServerHostView> {
    await this.serial(() => this.host.enable());
    this.afterStart();
    return this.view();
  }

  async start(): Promise<ServerHostView> {
    await this.serial(() => this.host.start());
    this.afterStart();
    return this.view();
  }

  /** Stops it, after a copy (the one a new PostgreSQL major restores). */
  async stop(): Promise<ServerHostView> {
    await this.shutdown();
    return this.view();
  }

  async newCode(): Promise<{ code: string; expiresAt: string }> {
    this.code = await this.serial(() => this.host.newRegistrationCode());
    return this.code;
  }

  async dumpNow(): Promise<ServerHostView> {
    await this.serial(() => this.backups.dumpNow('manual'));
    return this.view();
  }

  restore(fileName: string): Promise<{ keptAs: string }> {
    return this.serial(() => this.backups.restore(fileName));
  }

  async adoptShippedMajor(): Promise<ServerHostView> {
    await this.serial(() => this.host.adoptShippedMajor(() => this.backups.newestForUpgrade()));
    this.afterStart();
    return this.view();
  }

  /** Caja quits: a copy, then the server stops with it. */
  async shutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ad?.stop().catch(() => undefined);
    this.ad = null;
    if (!this.host.status().running) return;
    await this.serial(async () => {
      try {
        await this.backups.dumpNow('al-detener');
      } catch (e) {
        this.fail('copy at stop', e);
      }
      await this.host.stop();
    });
  }

  private afterStart(): void {
    this.problem = null;
    const port = this.host.status().port;
    if (this.o.advertise !== false && !this.ad && port) {
      try {
        this.ad = advertise({ name: `Caja servidor ${this.o.shopName()}`.trim(), port, shop: this.o.shopName() });
      } catch (e) {
        this.fail('mDNS', e);
      }
    }
    if (!this.timer) {
      this.timer = setInterval(() => void this.dailyIfDue(), HOUR);
      this.timer.unref();
    }
    void this.dailyIfDue();
  }

  /** The daily copy, when today's is not there yet. */
  async dailyIfDue(): Promise<void> {
    if (!this.host.status().running || !this.backups.dailyDue()) return;
    try {
      const d = await this.serial(() => this.backups.dumpNow('diaria'));
      if (d.check === 'failed') this.problem = `La copia diaria del servidor no pasó la verificación: ${d.message ?? ''}`;
    } catch (e) {
      this.fail('daily copy', e);
    }
  }

  private fail(what: string, e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    this.problem = message;
    this.o.log?.warn(`server host: ${what} failed`, { message });
  }
}
