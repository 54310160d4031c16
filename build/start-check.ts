// First step of `npm start`: without Electron's binary there is nothing to start, so say so in one line before the
// build instead of letting the electron package try its download and fail with stack traces.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingElectronMessage } from './electron-binary';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const missing = missingElectronMessage(root);
if (missing) {
  console.error(missing);
  process.exit(1);
}
