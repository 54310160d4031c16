// Builds the three bundles of the app: main process, preload (sandboxed: bundled whole) and the React renderer.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { workerBundlesPlugin } from './worker-bundle';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));

export default defineConfig({
  main: {
    root,
    // TypeScript workers, each one self-contained script beside main.js (out/main/workers/*.js).
    plugins: [workerBundlesPlugin()],
    build: {
      outDir: at('out/main'),
      rollupOptions: { input: { main: at('electron/main.ts') } },
    },
  },
  preload: {
    root,
    build: {
      outDir: at('out/preload'),
      externalizeDeps: false,
      rollupOptions: { input: { preload: at('electron/preload.ts') } },
    },
  },
  renderer: {
    root: at('renderer'),
    base: './',
    plugins: [react()],
    build: {
      minify: true,
      outDir: at('out/renderer'),
      rollupOptions: { input: at('renderer/index.html') },
    },
  },
});
