// A drill's till script as one prebuilt CommonJS file, so that each life of a till starts plain Node on it instead of
// tsx transpiling the core again at every start (a drill starts dozens of lives). Built with esbuild once per script
// and test process (about half a second), its packages left to node_modules as the sources use them.
//
// The core finds its migrations (and built workers) from its own file's place, three folders below the repository
// (electron/core/db/ -> ../../../migrations). The bundle keeps that: it is written three folders below the repository,
// in node_modules/.cache/caja-drills-<pid>/ (git-ignored, removed when the process exits or, if it was killed, by the next drill), and `import.meta.url`
// reads as the bundle's own URL.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OUT_DIR = path.join(ROOT, 'node_modules', '.cache', `caja-drills-${process.pid}`);
const built = new Map<string, string>();

/** The folders of test processes that ended without their exit handler (a test runner may kill its workers). */
function removeLeftovers(): void {
  const cache = path.dirname(OUT_DIR);
  if (!fs.existsSync(cache)) return;
  for (const name of fs.readdirSync(cache)) {
    const pid = /^caja-drills-(\d+)$/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) fs.rmSync(path.join(cache, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The prebuilt file of the TypeScript script `script` (an absolute path), built on first use in this process. */
export function tillBundle(script: string): string {
  const done = built.get(script);
  if (done) return done;
  const outfile = path.join(OUT_DIR, `${path.basename(script, '.ts')}.cjs`);
  if (built.size === 0) {
    removeLeftovers();
    fs.mkdirSync(OUT_DIR, { recursive: true });
    process.once('exit', () => fs.rmSync(OUT_DIR, { recursive: true, force: true }));
  }
  buildSync({
    entryPoints: [script],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
    define: { 'import.meta.url': '__drill_bundle_url' },
    banner: { js: "const __drill_bundle_url = require('node:url').pathToFileURL(__filename).href;" },
  });
  built.set(script, outfile);
  return outfile;
}
