// The source text of a TypeScript worker (build/worker-bundle.ts), to start with `new Worker(source, { eval: true })`.
// In the app it is the file `npm run build` emitted beside the main bundle (out/main/workers/<name>.js, inside
// app.asar, read by this thread as Electron's main process reads the asar). From the TypeScript sources (development,
// the tests, the benches) the entry is bundled now with the same function, once per process; where TypeScript cannot
// be imported that way (the browser tests' runner), the one `npm run build` left in out/ is used.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type WorkerName = 'products-import';

const cache = new Map<WorkerName, Promise<string>>();
let builtDir: string | undefined;

/** The folder of the built workers, given by the main process to the core's worker thread. */
export function useWorkersDir(dir: string): void {
  builtDir = dir;
}

async function load(name: WorkerName): Promise<string> {
  if (builtDir && fs.existsSync(path.join(builtDir, `${name}.js`))) return fs.readFileSync(path.join(builtDir, `${name}.js`), 'utf8');
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, 'workers', `${name}.js`);
  if (fs.existsSync(built)) return fs.readFileSync(built, 'utf8');
  // Running the sources: here is electron/core/workers. The specifier is computed so that the app's bundler leaves it
  // alone (the packaged app never reaches this line: its workers are built).
  const bundler = pathToFileURL(path.resolve(here, '../../../build/worker-bundle.ts')).href;
  try {
    // Vitest and tsx load TypeScript as it is.
    const { bundleWorker } = (await import(/* @vite-ignore */ bundler)) as { bundleWorker: (n: WorkerName) => Promise<string> };
    return await bundleWorker(name);
  } catch (error) {
    // A runner that cannot (Playwright's, for the browser tests, which run `npm run build` first): the built worker.
    const fromBuild = path.resolve(here, '../../../out/main/workers', `${name}.js`);
    if (fs.existsSync(fromBuild)) return fs.readFileSync(fromBuild, 'utf8');
    throw error;
  }
}

export function workerSource(name: WorkerName): Promise<string> {
  let source = cache.get(name);
  if (!source) {
    source = load(name);
    // A failure is not kept: the next import tries again (and meanwhile works on the main thread).
    source.catch(() => cache.delete(name));
    cache.set(name, source);
  }
  return source;
}
