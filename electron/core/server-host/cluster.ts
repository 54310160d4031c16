// The shop server's PostgreSQL cluster on this PC: a data folder under Caja's user-data folder, created
// by the shipped initdb, started and stopped by the shipped pg_ctl, TLS on with the shop's own certificates, open to
// the LAN only over TLS with passwords, the tills and caja_registro to the shop's database alone (pg_hba.conf below).
import fs from 'node:fs';
import path from 'node:path';
import { giveToServerUser, isRunning, runPgAsync } from './pg-programs';

export const OWNER_ROLE = 'caja_owner';
export const SHOP_DATABASE = 'caja';

export interface HostPaths {
  /** <userData>/servidor-tienda */
  root: string;
  data: string;
  tls: string;
  log: string;
  /** host.json: port and when it was made. */
  config: string;
}

export function hostPaths(dataDir: string): HostPaths {
  const root = path.join(dataDir, 'servidor-tienda');
  return {
    root,
    data: path.join(root, 'datos'),
    tls: path.join(root, 'tls'),
    log: path.join(root, 'servidor.log'),
    config: path.join(root, 'host.json'),
  };
}

/** The PostgreSQL major version a data folder was made by (its PG_VERSION file), or null when there is none. */
export function dataMajor(data: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(data, 'PG_VERSION'), 'utf8').trim());
  } catch {
    return null;
  }
}

// The shop's database alone is open to the tills' roles and to caja_registro (whose password every till knows):
// pg_hba takes the first line that matches, so theirs come first and refuse every other database. The owner (this
// PC's Caja) reaches every database.
export const HBA = `# Written by Caja (servidor de la tienda). This PC connects locally; the tills only over TLS, with passwords.
# The tills and caja_registro reach the shop's database (${SHOP_DATABASE}) and no other.
local   ${SHOP_DATABASE}  caja_registro,+caja_tills                scram-sha-256
host    ${SHOP_DATABASE}  caja_registro,+caja_tills  127.0.0.1/32  scram-sha-256
host    ${SHOP_DATABASE}  caja_registro,+caja_tills  ::1/128       scram-sha-256
hostssl ${SHOP_DATABASE}  caja_registro,+caja_tills  0.0.0.0/0     scram-sha-256
hostssl ${SHOP_DATABASE}  caja_registro,+caja_tills  ::/0          scram-sha-256
local   all   caja_registro,+caja_tills                reject
host    all   caja_registro,+caja_tills  all           reject
local   all  all                 scram-sha-256
host    all  all  127.0.0.1/32   scram-sha-256
host    all  all  ::1/128        scram-sha-256
hostssl all  all  0.0.0.0/0      scram-sha-256
hostssl all  all  ::/0           scram-sha-256
`;

/**
 * Writes this version's pg_hba.conf into a data folder when it holds another (a cluster made by an older Caja);
 * answers whether it changed (a running server then reads it again on reload). The caller gives it to the server's user.
 */
export function writeHba(data: string): boolean {
  const file = path.join(data, 'pg_hba.conf');
  let current: string | null = null;
  try {
    current = fs.readFileSync(file, 'utf8');
  } catch {
    // none yet
  }
  if (current === HBA) return false;
  fs.writeFileSync(file, HBA, { mode: 0o600 });
  return true;
}

/** initdb into `paths.data` with the owner role as the cluster's first (super)user. */
export async function initCluster(paths: HostPaths, ownerPassword: string): Promise<void> {
  fs.mkdirSync(paths.root, { recursive: true, mode: 0o700 });
  const pwfile = path.join(paths.root, `.pw-${process.pid}`);
  fs.writeFileSync(pwfile, `${ownerPassword}\n`, { mode: 0o600 });
  try {
    giveToServerUser(paths.root);
    const base = ['-D', paths.data, '-U', OWNER_ROLE, '--pwfile', pwfile, '--auth=scram-sha-256', '-E', 'UTF8', '--no-instructions'];
    try {
      // Names sort as in Spanish (ñ after n) with the ICU the binaries carry; plain C where a build lacks it.
      await runPgAsync('initdb', [...base, '--locale-provider=icu', '--icu-locale=es-PE', '--locale=C'], 120_000);
    } catch {
      await runPgAsync('initdb', [...base, '--locale=C'], 120_000);
    }
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  writeHba(paths.data);
  giveToServerUser(paths.data);
}

export interface StartOptions {
  port: number;
  /** Where the server certificate and key are (server.crt, server.key). */
  tlsDir: string;
}

export async function startCluster(paths: HostPaths, o: StartOptions): Promise<void> {
  const hbaChanged = writeHba(paths.data);
  if (isRunning(paths.data)) {
    if (hbaChanged) {
      giveToServerUser(paths.data); // as root, the server's user must read the new file
      await runPgAsync('pg_ctl', ['-D', paths.data, 'reload'], 30_000);
    }
    return;
  }
  giveToServerUser(paths.root);
  const flags = [
    `-p ${o.port}`,
    "-c listen_addresses='*'",
    '-c ssl=on',
    `-c ssl_cert_file='${path.join(o.tlsDir, 'server.crt').replace(/\\/g, '/')}'`,
    `-c ssl_key_file='${path.join(o.tlsDir, 'server.key').replace(/\\/g, '/')}'`,
    '-c password_encryption=scram-sha-256',
    // No Unix socket folder of its own on Windows; elsewhere the data folder's parent, which Caja owns.
    ...(process.platform === 'win32' ? [] : [`-k '${paths.root}'`]),
  ].join(' ');
  try {
    await runPgAsync('pg_ctl', ['-D', paths.data, '-l', paths.log, '-w', '-t', '60', '-o', flags, 'start'], 90_000);
  } catch (e) {
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n${logTail(paths.log)}`);
  }
}

/** The server log's last lines: what PostgreSQL said when it would not start. */
export function logTail(file: string, lines = 8): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export async function stopCluster(paths: HostPaths): Promise<void> {
  if (!isRunning(paths.data)) return;
  await runPgAsync('pg_ctl', ['-D', paths.data, '-m', 'fast', '-w', '-t', '60', 'stop'], 90_000);
}

/** Free and total bytes of the disk holding the data folder. */
export function diskOf(paths: HostPaths): { freeBytes: number; totalBytes: number; dataBytes: number } {
  const st = fs.statfsSync(paths.root);
  return { freeBytes: st.bavail * st.bsize, totalBytes: st.blocks * st.bsize, dataBytes: folderSize(paths.data) };
}

function folderSize(dir: string): number {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += folderSize(p);
    else if (e.isFile()) total += fs.statSync(p, { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
}
