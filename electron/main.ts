// Entry point of the main process (bundled to out/main/main.js). Everything happens in shell/run.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMain } from './shell/run';

void runMain({ mainDir: path.dirname(fileURLToPath(import.meta.url)) });
