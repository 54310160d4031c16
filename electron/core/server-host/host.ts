// "Esta PC es el servidor de la tienda": this PC hosts the shop server from the PostgreSQL Caja ships.
// It makes the cluster (owner role: password in the secret store, known to the office alone), the shop's CA and the
// server's certificate, migrates the shop schema as the owner, starts it with TLS, and hands out one-time codes with
// which a till registers its own login role (migrations/server/0005_till_registration.sql).
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { SecretStore } from '../services/secrets';
import { migrateServer } from '../server/migrate';
import { certificateCovers, makeAuthority, makeServerCertificate, type Authority } from './certificates';
import { dataMajor, diskOf, hostPaths, initCluster, OWNER_ROLE, SHOP_DATABASE, startCluster, stopCluster, type HostPaths } from './cluster';
import { caFingerprintCode, newSecretCode, REGISTRATION_CODE_HOURS } from './codes';
import { giveToServerUser, isRunning, shippedMajor } from './pg-programs';
import { restoreDump } from './restore';

export const DEFAULT_HOST_PORT = 5432;

export interface HostConfig {
  port: number;
  createdAt: string;
}

export interface HostStatus {
  configured: boolean;
  running: boolean;
  port: number | null;
  /** What the other tills type: this PC's LAN addresses. */
  addresses: string[];
  disk: { freeBytes: number; totalBytes: number; dataBytes: number } | null;
  /** Set when the shipped PostgreSQL is a newer major than the data folder's (see upgrade.ts). */
  versionNote: string | null;
}

export interface ServerHostOptions {
  dataDir: string;
  secrets: SecretStore;
  /** migrations/ (its server/ folder holds the shop schema). */
  migrationsDir: string;
  shopName: () => string;
  now?: () => Date;
}

/** This PC's IPv4 addresses on its networks (not loopback), the ones a till can reach. */
export function lanAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) out.push(a.address);
  }
  return out;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, () => s.close(() => resolve(true)));
  });
}

async function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export class ServerHost {
  readonly paths: HostPaths;
  private readonly now: () => Date;

  constructor(private readonly o: ServerHostOptions) {
    this.paths = hostPaths(o.dataDir);
    this.now = o.now ?? (() => new Date());
  }

  config(): HostConfig | null {
    try {
      return JSON.parse(fs.readFileSync(this.paths.config, 'utf8')) as HostConfig;
    } catch {
      return null;
    }
  }

  isConfigured(): boolean {
    return this.config() !== null && dataMajor(this.paths.data) !== null;
  }

  ownerPassword(): string {
    const pw = this.o.secrets.get('shopServerOwnerPassword');
    if (!pw) throw new Error('Falta la contraseña del servidor de la tienda en este equipo.');
    return pw;
  }

  /** Makes the cluster the first time (idempotent), then starts it. Returns the status. */
  async enable(preferredPort = DEFAULT_HOST_PORT): Promise<HostStatus> {
    if (!this.isConfigured()) {
      if (fs.existsSync(this.paths.data)) {
        // A half-made folder from an interrupted first start: set aside, never deleted.
        fs.renameSync(this.paths.data, `${this.paths.data}-incompleto-${Date.now()}`);
      }
      const password = crypto.randomBytes(24).toString('base64url');
      this.o.secrets.set('shopServerOwnerPassword', password);
      await initCluster(this.paths, password);
      const port = preferredPort > 0 && (await portIsFree(preferredPort)) ? preferredPort : await anyFreePort();
      fs.writeFileSync(this.paths.config, `${JSON.stringify({ port, createdAt: this.now().toISOString() } satisfies HostConfig)}\n`, { mode: 0o600 });
    }
    await this.start();
    return this.status();
  }

  /** Starts the server (certificate renewed when the addresses changed) and brings the shop schema up to date. */
  async start(): Promise<void> {
    const cfg = this.config();
    if (!cfg) throw new Error('El servidor de la tienda aún no se creó en este equipo.');
    const major = dataMajor(this.paths.data);
    if (major !== null && major !== shippedMajor()) {
      throw new Error(`Los datos del servidor son de PostgreSQL ${major} y Caja trae PostgreSQL ${shippedMajor()}: use «Actualizar datos del servidor» (se copian y se restauran; nada se borra).`);
    }
    this.ensureCertificates();
    await startCluster(this.paths, { port: cfg.port, tlsDir: this.paths.tls });
    await this.withOwner('postgres', async (c) => {
      const exists = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [SHOP_DATABASE]);
      if (exists.rowCount === 0) await c.query(`CREATE DATABASE ${SHOP_DATABASE}`);
    });
    const pool = this.ownerPool();
    try {
      await migrateServer(pool, path.join(this.o.migrationsDir, 'server'));
      await pool.query('INSERT INTO shop_authority (id, ca_pem) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET ca_pem = EXCLUDED.ca_pem', [this.authority().certPem]);
    } finally {
      await pool.end();
    }
  }

  stop(): Promise<void> {
    return stopCluster(this.paths);
  }

  /**
   * A Caja that ships a newer PostgreSQL major than the data folder's cannot start that folder. The old folder is
   * kept, renamed (datos-pg<N>-<time>), never deleted; a new cluster is made with the same owner password and the
   * newest verified dump (taken daily and when the server stops, see backups.ts) is restored into it.
   */
  async adoptShippedMajor(newestDump: () => string | null): Promise<{ keptFolder: string; restoredFrom: string }> {
    const old = dataMajor(this.paths.data);
    if (old === null || old === shippedMajor()) throw new Error('Los datos del servidor ya son de esta versión de PostgreSQL.');
    const dump = newestDump();
    if (!dump) {
      throw new Error(`No hay una copia verificada de los datos de PostgreSQL ${old}: los datos siguen intactos en ${this.paths.data}; pida ayuda técnica antes de continuar.`);
    }
    const stamp = this.now().toISOString().replace(/[-:]/g, '').slice(0, 15);
    const keptFolder = unusedName(`${this.paths.data}-pg${old}-${stamp}`);
    fs.renameSync(this.paths.data, keptFolder);
    try {
      await initCluster(this.paths, this.ownerPassword());
      this.ensureCertificates();
      await startCluster(this.paths, { port: this.config()!.port, tlsDir: this.paths.tls });
      await this.withOwner('postgres', (c) => c.query(`CREATE DATABASE ${SHOP_DATABASE}`));
      const pool = this.ownerPool();
      try {
        await restoreDump(pool, dump, this.o.migrationsDir);
      } finally {
        await pool.end();
      }
    } catch (e) {
      // The old folder goes back where it was; the attempt is kept aside for a technician, nothing is deleted.
      await stopCluster(this.paths).catch(() => undefined);
      if (fs.existsSync(this.paths.data)) fs.renameSync(this.paths.data, unusedName(`${this.paths.data}-intento-pg${shippedMajor()}-${stamp}`));
      fs.renameSync(keptFolder, this.paths.data);
      throw new Error(`No se pudo pasar los datos a PostgreSQL ${shippedMajor()}: ${e instanceof Error ? e.message : String(e)}. Los datos siguen como estaban.`);
    }
    await this.start();
    return { keptFolder, restoredFrom: dump };
  }

  status(): HostStatus {
    const cfg = this.config();
    const configured = this.isConfigured();
    const major = dataMajor(this.paths.data);
    let versionNote: string | null = null;
    if (major !== null) {
      const shipped = shippedMajor();
      if (major !== shipped) versionNote = `Datos de PostgreSQL ${major}; Caja trae PostgreSQL ${shipped}.`;
    }
    return {
      configured,
      running: configured && isRunning(this.paths.data),
      port: cfg?.port ?? null,
      addresses: lanAddresses(),
      disk: configured ? diskOf(this.paths) : null,
      versionNote,
    };
  }

  /** The shop's CA (made once; its key stays in this PC's tls folder, readable by the server's user alone). */
  authority(): Authority {
    const caCert = path.join(this.paths.tls, 'ca.crt');
    const caKey = path.join(this.paths.tls, 'ca.key');
    if (fs.existsSync(caCert) && fs.existsSync(caKey)) {
      return { certPem: fs.readFileSync(caCert, 'utf8'), keyPem: fs.readFileSync(caKey, 'utf8') };
    }
    fs.mkdirSync(this.paths.tls, { recursive: true, mode: 0o700 });
    const ca = makeAuthority(this.o.shopName(), this.now());
    fs.writeFileSync(caKey, ca.keyPem, { mode: 0o600 });
    fs.writeFileSync(caCert, ca.certPem, { mode: 0o644 });
    return ca;
  }

  /** The server certificate names every address a till may type; made again when it does not (new IP) or ends soon. */
  private ensureCertificates(): void {
    const ca = this.authority();
    const names = ['127.0.0.1', 'localhost', ...lanAddresses(), os.hostname()].filter((n) => /^[A-Za-z0-9.:-]+$/.test(n));
    const crt = path.join(this.paths.tls, 'server.crt');
    const key = path.join(this.paths.tls, 'server.key');
    const current = fs.existsSync(crt) && fs.existsSync(key) ? fs.readFileSync(crt, 'utf8') : null;
    if (current && certificateCovers(current, ca, names, this.now())) return;
    const made = makeServerCertificate(ca, names, this.now());
    fs.writeFileSync(key, made.keyPem, { mode: 0o600 });
    fs.writeFileSync(crt, made.certPem, { mode: 0o644 });
    giveToServerUser(this.paths.tls);
    if (current && isRunning(this.paths.data)) {
      // A running server reads its certificate again on reload.
      void this.withOwner('postgres', (c) => c.query('SELECT pg_reload_conf()')).catch(() => undefined);
    }
  }

  /** A new one-time code for a till (valid REGISTRATION_CODE_HOURS): its secret half and the CA's MAC under it. */
  async newRegistrationCode(): Promise<{ code: string; expiresAt: string }> {
    const secret = newSecretCode();
    const code = `${secret}-${caFingerprintCode(this.authority().certPem, secret)}`;
    const expiresAt = new Date(this.now().getTime() + REGISTRATION_CODE_HOURS * 3600_000).toISOString();
    const hash = crypto.createHash('sha256').update(secret.replace(/-/g, '').toUpperCase(), 'utf8').digest('hex');
    const pool = this.ownerPool();
    try {
      await pool.query('INSERT INTO till_registration_codes (code_hash, expires_at) VALUES ($1, $2)', [hash, expiresAt]);
    } finally {
      await pool.end();
    }
    return { code, expiresAt };
  }

  /** A pool as the owner, on this PC (loopback, no TLS needed). */
  ownerPool(database = SHOP_DATABASE): pg.Pool {
    const pool = new pg.Pool({ host: '127.0.0.1', port: this.config()?.port ?? DEFAULT_HOST_PORT, user: OWNER_ROLE, password: this.ownerPassword(), database, max: 2, connectionTimeoutMillis: 10_000 });
    pool.on('error', () => undefined);
    return pool;
  }

  private async withOwner<T>(database: string, fn: (c: pg.ClientBase) => Promise<T>): Promise<T> {
    const pool = this.ownerPool(database);
    try {
      const client = await pool.connect();
      try {
        return await fn(client);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  }
}

/**
 * `base`, or `base-2`, `base-3`… when a folder of that name is already kept: two attempts in the same second name the
 * same stamp, and a kept folder is never overwritten.
 */
function unusedName(base: string): string {
  let name = base;
  for (let n = 2; fs.existsSync(name); n += 1) name = `${base}-${n}`;
  return name;
}
