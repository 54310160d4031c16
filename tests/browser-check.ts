// The first step of `npm test` (and of the browser-test scripts): a missing browser or a wrong CHROMIUM_PATH stops the
// run at once, naming every way to get one, instead of after lint, typecheck, Vitest and the build.
import { lookUpChromium } from './find-chromium';

const found = lookUpChromium();
if (!found.ok) {
  console.error(found.problem);
  process.exit(1);
}
console.log(`browser tests: Chromium ${found.path} (${found.source})`);
