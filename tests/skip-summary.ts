// The last step of `npm test`: what did not run on this machine and why (a real-app test without Electron's binary,
// a root-only or LAN-only test), so a green run does not hide what it left out.
import { skipSummary } from './support/skip-record';

console.log(skipSummary(['vitest', 'browser', 'electron']));
