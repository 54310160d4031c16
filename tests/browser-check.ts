// Run by `npm run test:browser` before Playwright: a missing browser is said in one line, with the command that
// installs it, instead of a stack trace from the first browser test.
import { findChromium, INSTALL_CHROMIUM } from './find-chromium';

const found = findChromium();
if (!found) {
  console.error(`No hay un Chromium para las pruebas del navegador. Instálelo con: ${INSTALL_CHROMIUM}`);
  process.exit(1);
}
console.log(`browser tests: Chromium ${found.path} (${found.source})`);
