// One place that opens SQLite files, so the whole process loads the right build of better-sqlite3.
//
// better-sqlite3 is a native module, built for one ABI. `npm ci` builds it for Node (the tests); Electron's main
// process has another ABI and cannot load that build. Electron's build lives in a git-ignored folder
// (build/electron-native.mjs fetches it) and is loaded through better-sqlite3's `nativeBinding` option, which takes
// the path of a .node file (better-sqlite3 docs, "new Database(path, [options])": options.nativeBinding). The shell
// sets it once at start; tests never set it and get Node's build from node_modules.
import Database from 'better-sqlite3';

let binding: string | undefined;

/** The .node file every connection of this process (and its workers) loads; undefined: the package's own build. */
export function useSqliteBinding(file: string | undefined): void {
  binding = file;
}

export function sqliteBinding(): string | undefined {
  return binding;
}

export function openSqlite(file: string, options: Database.Options = {}): Database.Database {
  return new Database(file, binding ? { ...options, nativeBinding: binding } : options);
}
