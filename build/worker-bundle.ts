// Worker scripts written in TypeScript (the product import runs off the main thread). A worker thread cannot
// load files from app.asar (electron/electron#22446), and the asar integrity fuse covers nothing outside it, so a
// worker is shipped as one self-contained CommonJS script (its packages bundled in, only Node's built-ins required)
// that the main process reads from the asar and starts with `eval: true` (electron/core/workers/worker-source.ts).
//
// `npm run build` emits each one next to the main bundle (out/main/workers/<name>.js) through workerBundlesPlugin;
// development and the tests, which run the TypeScript sources, bundle the same entry on demand with the same
// function, so both run the same code.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

/** Each worker: its name (out/main/workers/<name>.js) and its entry, from the repository root. */
export const WORKER_ENTRIES = {
  'products-import': 'electron/core/products/import-worker.ts',
  // The whole core (store, outbox, services) runs in this worker; the main process keeps the windows.
  core: 'electron/core/worker-host/entry.ts',
} as const;
export type WorkerName = keyof typeof WORKER_ENTRIES;

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The worker `name` as one CommonJS script: its packages inlined, no other chunk, nothing to load from disk. */
export async function bundleWorker(name: WorkerName): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    build: {
      write: false,
      ssr: path.join(ROOT, WORKER_ENTRIES[name]),
      minify: false,
      target: 'node20',
      rollupOptions: { output: { format: 'cjs', codeSplitting: false } },
    },
    ssr: { noExternal: true, target: 'node' },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; code?: string }[] }[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0]?.code) throw new Error(`worker ${name}: expected one self-contained chunk, got ${chunks.length}`);
  return chunks[0].code;
}

/** For the main build (electron.vite.config.ts): emits every worker as out/main/workers/<name>.js. */
export function workerBundlesPlugin(): Plugin {
  return {
    name: 'caja-worker-bundles',
    apply: 'build',
    async generateBundle() {
      for (const name of Object.keys(WORKER_ENTRIES) as WorkerName[]) {
        this.emitFile({ type: 'asset', fileName: `workers/${name}.js`, source: await bundleWorker(name) });
      }
    },
  };
}
