// Where things are: the built renderer and preload next to the main bundle, the SQL migrations (repository folder in
// development, resources/migrations when packaged), and the data folder (userData, or a test's fresh folder).
import path from 'node:path';

export interface AppPaths {
  /** Folder holding out/ (the repository in development, app.asar when packaged). */
  appRoot: string;
  rendererDir: string;
  preloadFile: string;
  migrationsDir: string;
}

/** `mainDir` is the folder of the running main bundle: <appRoot>/out/main. */
export function resolveAppPaths(input: { mainDir: string; isPackaged: boolean; resourcesPath: string }): AppPaths {
  const appRoot = path.resolve(input.mainDir, '..', '..');
  return {
    appRoot,
    rendererDir: path.join(appRoot, 'out', 'renderer'),
    preloadFile: path.join(appRoot, 'out', 'preload', 'preload.js'),
    // electron-builder copies migrations/ to resources/migrations (extraResources), outside the asar archive.
    migrationsDir: input.isPackaged ? path.join(input.resourcesPath, 'migrations') : path.join(appRoot, 'migrations'),
  };
}

/**
 * A data folder chosen at launch: the CAJA_DATA_DIR variable or the --user-data-dir switch (tests start the real
 * app with a fresh folder each). Returns an absolute path, or undefined for the default userData.
 */
export function dataDirOverride(env: NodeJS.ProcessEnv, argv: readonly string[], cwd = process.cwd()): string | undefined {
  const fromEnv = env.CAJA_DATA_DIR?.trim();
  if (fromEnv) return path.resolve(cwd, fromEnv);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--user-data-dir=')) {
      const value = arg.slice('--user-data-dir='.length).trim();
      if (value) return path.resolve(cwd, value);
    } else if (arg === '--user-data-dir') {
      const value = argv[i + 1]?.trim();
      if (value && !value.startsWith('--')) return path.resolve(cwd, value);
    }
  }
  return undefined;
}
