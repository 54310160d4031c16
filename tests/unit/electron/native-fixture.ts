// The shell loads better-sqlite3 through the build found in <appRoot>/.native for the running ABI (native-binding.ts).
// Under Node (these tests) the running ABI is Node's, so a copy of Node's build put there is what the shell loads:
// the nativeBinding path is exercised for real.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { electronBuildDir, BINDING_FILE } from '../../../electron/shell/native-binding';

export function installNativeBuild(appRoot: string): string {
  const require = createRequire(import.meta.url);
  const nodeBuild = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release', BINDING_FILE);
  const dir = electronBuildDir(appRoot, { abi: process.versions.modules, platform: process.platform, arch: process.arch });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, BINDING_FILE);
  fs.copyFileSync(nodeBuild, file);
  return file;
}
