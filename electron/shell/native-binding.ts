// Which build of better-sqlite3 the Electron main process loads (see electron/core/db/sqlite-driver.ts).
// Two builds live side by side: Node's in node_modules (tests, tools) and Electron's in a git-ignored folder named by
// Electron's ABI (NODE_MODULE_VERSION), platform and arch, fetched by build/electron-native.ts. A packaged app carries
// Electron's build in resources/native (electron-builder extraResources). Plain Node: no electron import, unit-tested.
import path from 'node:path';

export const NATIVE_DIR = '.native';
export const BINDING_FILE = 'better_sqlite3.node';

export interface Platform {
  /** Electron's NODE_MODULE_VERSION (process.versions.modules inside Electron; node-abi for a version number). */
  abi: string;
  platform: string;
  arch: string;
}

/** <root>/.native/electron-v<abi>-<platform>-<arch>: the folder of Electron's build for one ABI and machine. */
export function electronBuildDir(root: string, p: Platform): string {
  return path.join(root, NATIVE_DIR, `electron-v${p.abi}-${p.platform}-${p.arch}`);
}

export interface BindingInput extends Platform {
  isPackaged: boolean;
  /** The repository root in development. */
  appRoot: string;
  /** process.resourcesPath when packaged. */
  resourcesPath: string;
  exists: (file: string) => boolean;
}

export type BindingChoice = { file: string } | { file: undefined; problem: string };

/** The .node file for this Electron, or why there is none (with what to run). */
export function chooseSqliteBinding(input: BindingInput): BindingChoice {
  const file = input.isPackaged
    ? path.join(input.resourcesPath, 'native', BINDING_FILE)
    : path.join(electronBuildDir(input.appRoot, input), BINDING_FILE);
  if (input.exists(file)) return { file };
  return {
    file: undefined,
    problem: input.isPackaged
      ? `Falta el componente de base de datos de Caja (${file}). Reinstale Caja.`
      : `Falta better-sqlite3 compilado para Electron (ABI ${input.abi}) en ${file}. ` +
        'Ejecute «npm start» con conexión a internet (lo descarga la primera vez) o «npx tsx build/electron-native.ts».',
  };
}
