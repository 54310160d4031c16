// The shop server's replicator: connects when Ajustes has a server, applies the server's migrations,
// registers this till and its series, then pushes the queue (0010) in batches. Its own loop and its own durable
// outbox, apart from SUNAT's: the till sells whatever the server does; a till that was offline catches up on return.
import type pg from 'pg';
import type { ShopServerSettings, ShopServerStatus } from '../../../shared/server/settings';
import type { Logger } from '../dispatch';
import { migrateServer, ServerSchemaError } from './migrate';
import { createShopPool, serverErrorText, type PoolTimeouts } from './pool';
import { pullShared, pushShared, type TillRecords } from './sync/exchange';
import { pushBatch, type PushSources } from './push';
import { pullStock, pushStock, type TillStock } from './sync/stock-exchange';
import { pullAccounts, pushAccounts, type TillAccounts } from './sync/account-exchange';
import { checkLease, renewLease, type LeaseCheck, type LeaseStore } from './till-lease';
import { noteSeriesFor } from '../services/settings';
import { claimedSeries, otherOwner, registerTerminal, seriesTakenMessage, type TerminalIdentity } from './register';

export interface ReplicatorOptions extends PushSources {
  /** The server's settings, or null when this till must not push (none set, or demo mode). */
  settings: () => ShopServerSettings | null;
  password: () => string | undefined;
  terminal: () => TerminalIdentity;
  migrationsDir: string;
  log: Logger;
  now?: () => Date;
  batchSize?: number;
  /** Wait when there is nothing to push (ms; a wake() cuts it short). */
  idleMs?: number;
  retry?: { baseMs: number; maxMs: number };
  timeouts?: PoolTimeouts;
  /** The shared records to exchange: products, staff, shop-wide settings (absent: documents only). */
  records?: TillRecords;
  /** This till's stock movements, merged with every till's (absent: stock stays this till's own). */
  stock?: TillStock;
  /** This till's customer-account entries, merged with every till's (absent: accounts stay this till's own). */
  accounts?: TillAccounts;
  /** Called when the state changes or documents went up (the status bar follows). */
  onChange?: () => void;
  /** This till's lease on its identity (till-lease.ts): absent, a copied data folder is not told apart. */
  lease?: LeaseStore;
  /** The last refusal the server gave (a series or the identity taken), kept while the server cannot be reached. */
  remembered?: { get(): string | null; set(message: string | null): void };
  /** The series the server just confirmed as this till's (its claim answered): notes wait for theirs (shop-link.ts). */
  claimed?: (series: [string, string][]) => void;
}

export class Replicator {
  private pool: pg.Pool | null = null;
  private poolKey = '';
  private ready = false;
  /** Bumped by reconfigure(): a connection begun before new settings does not count as ready for them. */
  private generation = 0;
  /** The connection being made, shared by every caller meanwhile (the loop's pass, a probe, a search). */
  private connecting: Promise<void> | undefined;
  /** The settings and password (keyNow) the connection being made was begun for. */
  private connectingKey: string | undefined;
  /** Lease renewals and checks, one at a time (see withLease). */
  private leaseTurn: Promise<unknown> = Promise.resolve();
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** A wake() that came while pushing: the loop goes again at once instead of sleeping. */
  private woken = false;
  private failures = 0;
  private state: ShopServerStatus['state'] = 'off';
  /** The loop's last look found no server set up (wake() has nothing to do then). */
  private unconfigured = false;
  private message: string | null = null;
  private lastPushAt: string | null = null;

  constructor(private readonly o: ReplicatorOptions) {}

  status(): ShopServerStatus {
    const on = this.o.settings() !== null;
    const remembered = on && this.state !== 'online' && this.state !== 'conflict' ? (this.o.remembered?.get() ?? null) : null;
    return {
      state: on ? (remembered ? 'conflict' : this.state) : 'off', pending: this.o.queue.pending(), setAside: this.o.queue.setAsideCount(),
      lastPushAt: this.lastPushAt, message: remembered ?? this.message,
    };
  }

  /**
   * A series (or this till's identity) another till owns on the server, known from the last connection, even while the
   * server cannot be reached now: selling under it is refused.
   */
  seriesConflict(): string | null {
    if (this.state === 'conflict') return this.message;
    if (this.state === 'online' || !this.o.settings()) return null;
    return this.o.remembered?.get() ?? null;
  }

  /** The series changed, or this till took a new identity: an earlier refusal no longer stands until the server says. */
  forgetConflict(): void {
    this.o.remembered?.set(null);
    if (this.state === 'conflict') {
      this.state = 'connecting';
      this.message = null;
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.nudge();
    await this.loop;
    await this.closePool();
  }

  /** Stops the loop without waiting (the database is about to close): nothing more is read. */
  halt(): void {
    this.running = false;
    this.nudge();
    void this.closePool();
  }

  /**
   * Something new to push (a sale, a status change): go now. Not while no server is set up: there is nowhere
   * to push, and the outbox wakes this for each status it writes (two per document: a backlog drain woke an idle loop
   * tens of thousands of times, each reading the settings twice). New settings come through reconfigure(); the idle
   * loop also looks again every idleMs.
   */
  wake(): void {
    if (this.unconfigured && this.running) return;
    this.nudge();
  }

  /** Settings changed: reconnect, re-register (a new series is claimed again). */
  reconfigure(): void {
    this.ready = false;
    this.generation += 1;
    this.nudge();
  }

  private nudge(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Before this till changes its series: refused when another till owns one of them on the server. When the server
   * cannot be reached the change is allowed (offline-first); the claim at the next connection settles it.
   */
  async checkSeries(series: { boleta: string; factura: string }): Promise<string | null> {
    if (!this.o.settings()) return null;
    try {
      await this.connect().catch((e: unknown) => {
        if (!(e instanceof SeriesConflict)) throw e;
      });
      const pool = this.requirePool();
      // The note series follow the invoice series (settings.ts noteSeriesFor): B002 → BC02, BD02; F002 → FC02, FD02.
      for (const [docType, name] of claimedSeries({ series, notes: noteSeriesFor(series) })) {
        const owner = await otherOwner(pool, this.o.terminal().id, docType, name);
        if (owner) return seriesTakenMessage(name, owner);
      }
      return null;
    } catch {
      return null;
    }
  }

  /** Checks the connection without pushing: what answered, in the cashier's words. */
  async probe(): Promise<{ ok: boolean; message: string }> {
    if (!this.o.settings()) return { ok: false, message: 'El servidor de la tienda no está activado.' };
    try {
      await this.connect();
      const r = await this.requirePool().query<{ n: string }>('SELECT COUNT(*) AS n FROM documents');
      return { ok: true, message: `Conectado: el servidor guarda ${r.rows[0]?.n ?? 0} comprobante(s) de la tienda.` };
    } catch (e) {
      if (e instanceof SeriesConflict || e instanceof ServerSchemaError) return { ok: false, message: e.message };
      return { ok: false, message: serverErrorText(e) };
    }
  }

  /** Runs a read on the shop server ("Todas las cajas"), connecting first when needed. */
  async read<T>(fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
    if (!this.o.settings()) throw new ServerUnavailable('Active el servidor de la tienda en Ajustes para ver todas las cajas.');
    try {
      await this.connect().catch((e: unknown) => {
        if (!(e instanceof SeriesConflict)) throw e; // a series conflict does not stop reading
      });
      return await fn(this.requirePool());
    } catch (e) {
      if (e instanceof ServerUnavailable || (e as { name?: string }).name === 'CoreError') throw e;
      throw new ServerUnavailable(e instanceof ServerSchemaError ? e.message : serverErrorText(e));
    }
  }

  /**
   * One pass: connect if needed, push the documents and the catalogue changes until their queues are empty, then
   * pull what changed elsewhere. Answers how many rows moved. Throws on failure (the queues keep what did not go).
   */
  async pushAll(): Promise<number> {
    let total = 0;
    const fresh = !this.ready;
    await this.connect();
    const pool = this.requirePool();
    // Still this till's identity? Rotated before anything goes up; only read on a pass with nothing to push.
    if (!fresh && this.o.lease) {
      const busy = this.o.queue.pending() > 0 || (this.o.records?.next(1).length ?? 0) > 0;
      const lease = this.o.lease;
      this.refuseUnless(await this.withLease(() => (busy ? renewLease(pool, this.o.terminal().id, lease) : checkLease(pool, this.o.terminal().id, lease))));
    }
    for (;;) {
      // The settings changed during the pass (a new series): the till registers again, claiming the series, before
      // any of its documents goes up; a document of a series not yet claimed would let another till claim it.
      if (!this.ready) await this.connect();
      const n = await pushBatch(this.requirePool(), this.o, this.o.terminal().id, this.o.batchSize ?? 200, this.o.now);
      if (n === 0) break;
      total += n;
      this.lastPushAt = (this.o.now?.() ?? new Date()).toISOString();
    }
    const records = this.o.records;
    if (records) {
      while ((await pushShared(this.requirePool(), records, this.o.terminal())) > 0) total += 1;
      for (let round = 0; round < 20; round++) {
        const pulled = await pullShared(this.requirePool(), records);
        if (pulled === 0) break;
        total += pulled;
      }
    }
    const stock = this.o.stock;
    if (stock) {
      // Movements only add up: up until none is left, then down until the server has no more.
      for (let n; (n = await pushStock(this.requirePool(), stock, this.o.terminal().id)) > 0; ) total += n;
      for (let n; (n = await pullStock(this.requirePool(), stock)) > 0; ) total += n;
    }
    const accounts = this.o.accounts;
    if (accounts) {
      // Up until none of this till's is left, then every till's down: each customer they touch is worked out again.
      for (let n; (n = await pushAccounts(this.requirePool(), accounts, this.o.terminal().id)) > 0; ) total += n;
      for (let n; (n = await pullAccounts(this.requirePool(), accounts)) > 0; ) total += n;
    }
    return total;
  }

  private requirePool(): pg.Pool {
    if (!this.pool) throw new Error('shop server pool not open');
    return this.pool;
  }

  private async closePool(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    this.ready = false;
    if (pool) await pool.end().catch(() => undefined);
  }

  /**
   * One connection at a time: a probe or a search while the loop connects waits for that connection instead of making
   * its own. Two at once each rotated the lease, and the slower read the faster's rotation as another copy of this
   * till: a false "misma identidad" that stopped the till from selling.
   */
  private connect(): Promise<void> {
    const key = this.keyNow();
    if (this.ready && this.poolKey === key) return Promise.resolve();
    // A connection begun for settings or a password since replaced says nothing about the new ones: once it settles,
    // connect again ("Verificar servidor" after a corrected password answered with the old one's refusal).
    if (this.connecting && this.connectingKey !== key) return this.connecting.catch(() => undefined).then(() => this.connect());
    if (!this.connecting) {
      this.connectingKey = key;
      this.connecting = this.connectOnce().finally(() => {
        this.connecting = undefined;
      });
    }
    return this.connecting;
  }

  /** What the pool is opened for: the settings and the password (a change opens a new pool). */
  private keyNow(): string {
    return JSON.stringify([this.o.settings(), this.o.password() ?? '']);
  }

  /**
   * Runs a lease renewal or check after the ones before it (each renewal offers, stores and confirms a new lease; two
   * interleaved would refuse each other).
   */
  private withLease<T>(work: () => Promise<T>): Promise<T> {
    const run = this.leaseTurn.then(work, work);
    this.leaseTurn = run.catch(() => undefined);
    return run;
  }

  /** Opens the pool for the current settings, migrates the server and registers the till (once per connection). */
  private async connectOnce(): Promise<void> {
    const generation = this.generation;
    const settings = this.o.settings();
    if (!settings) throw new Error('no shop server configured');
    const password = this.o.password() ?? '';
    const key = this.keyNow();
    if (key !== this.poolKey) {
      await this.closePool();
      this.poolKey = key;
    }
    this.pool ??= createShopPool(settings, password, this.o.timeouts);
    if (this.ready) return;
    await migrateServer(this.pool, this.o.migrationsDir);
    const terminal = this.o.terminal();
    const claim = await registerTerminal(this.pool, terminal);
    const pool = this.pool;
    const lease = this.o.lease;
    this.refuseUnless(claim.ok && lease ? await this.withLease(() => renewLease(pool, this.o.terminal().id, lease)) : claim);
    this.o.remembered?.set(null);
    this.o.claimed?.(claimedSeries(terminal));
    const highest = await this.pool.query<{ n: string }>({
      name: 'caja_till_highest_seq',
      text: 'SELECT COALESCE(MAX(local_seq), 0) AS n FROM documents WHERE terminal_id = $1',
      values: [this.o.terminal().id],
    });
    this.o.queue.raiseClock(Number(highest.rows[0]?.n ?? 0));
    // A new connection: what the server refused last time is tried once more.
    this.o.queue.retrySetAside();
    // Settings changed meanwhile: the next call connects again for them.
    this.ready = generation === this.generation;
    this.state = 'online';
    this.message = null;
  }

  /** A refusal (a series or this till's identity held by another till) stops the pass and is remembered. */
  private refuseUnless(check: LeaseCheck): void {
    if (check.ok) return;
    this.ready = false;
    this.state = 'conflict';
    this.message = check.message;
    this.o.remembered?.set(check.message);
    throw new SeriesConflict(check.message);
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let pause = this.o.idleMs ?? 1_000;
      let configured: boolean;
      try {
        configured = this.o.settings() !== null;
      } catch {
        break; // the database closed under the loop
      }
      this.unconfigured = !configured;
      if (!configured) {
        this.state = 'off';
        await this.closePool();
      } else {
        try {
          const before = this.state;
          const pushed = await this.pushAll();
          this.failures = 0;
          if (pushed > 0) this.o.log.info('shop server: pushed', { documents: pushed });
          if (pushed > 0 || before !== this.state) this.o.onChange?.();
        } catch (e) {
          this.ready = false;
          this.failures += 1;
          if (!(e instanceof SeriesConflict)) {
            this.state = e instanceof ServerSchemaError ? 'refused' : 'offline';
            this.message = e instanceof ServerSchemaError ? e.message : serverErrorText(e);
          }
          // A shop server is on the LAN: when it is down, looking again every few seconds costs nothing.
          const retry = this.o.retry ?? { baseMs: 1_000, maxMs: 5_000 };
          pause = Math.min(retry.maxMs, retry.baseMs * 2 ** Math.min(this.failures - 1, 10));
          this.o.log.warn('shop server: push failed', { state: this.state, message: this.message });
          if (this.failures === 1) this.o.onChange?.();
        }
      }
      if (!this.running) break;
      if (this.woken && this.failures === 0) continue; // something new arrived while pushing
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }
}

/** The shop server cannot answer a read: the message says why, in Spanish. */
export class ServerUnavailable extends Error {
  override readonly name = 'ServerUnavailable';
}

class SeriesConflict extends Error {
  override readonly name = 'SeriesConflict';
}
