// While this PC hosts the shop server, closing Caja's window hides it to the tray (the server keeps
// serving the other tills); "Salir" in the tray quits Caja, which takes a copy and stops the server (core stop).
// Caja starts with the system once this PC is the server:
// - Windows and macOS: Electron's app.setLoginItemSettings (the Run key / login items).
// - Linux: an XDG autostart entry (~/.config/autostart/caja.desktop); Electron has no login items there.
// The server itself is started by the core when Caja starts (electron/core/server-host/service.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { app, Menu, nativeImage, Tray, type BrowserWindow } from 'electron';
import { hostPaths } from '../core/server-host/cluster';
import { isRunning } from '../core/server-host/pg-programs';

interface TrayOptions {
  window: BrowserWindow;
  dataDir: string;
  /** out/main: the icon is found from it in a checkout, in resources/ when packaged. */
  mainDir: string;
  log: { info(message: string, data?: Record<string, unknown>): void; warn(message: string, data?: Record<string, unknown>): void };
}

/** The hosted server's folder: in the work data folder or in the demo's (as the core's copies folder). */
function hostedDataFolder(dataDir: string): string | null {
  for (const dir of [dataDir, path.join(dataDir, 'demo')]) {
    if (fs.existsSync(hostPaths(dir).config)) return hostPaths(dir).data;
  }
  return null;
}

function serverRunning(dataDir: string): boolean {
  const data = hostedDataFolder(dataDir);
  try {
    return data !== null && isRunning(data);
  } catch {
    return false;
  }
}

function iconFile(mainDir: string): string | undefined {
  const candidates = [path.join(process.resourcesPath ?? '', 'icon.png'), path.resolve(mainDir, '..', '..', 'build', 'icon.png')];
  return candidates.find((f) => fs.existsSync(f));
}

/** Starts Caja at login on this OS; returns what was done, for the log. */
export function startWithSystem(): string {
  if (process.platform === 'win32' || process.platform === 'darwin') {
    app.setLoginItemSettings({ openAtLogin: true });
    return 'login item';
  }
  if (process.platform === 'linux') {
    const exec = process.env.APPIMAGE ?? process.execPath; // an AppImage runs from a temporary mount: its file is APPIMAGE
    const dir = path.join(process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), '.config'), 'autostart');
    fs.mkdirSync(dir, { recursive: true });
    const entry = `[Desktop Entry]\nType=Application\nName=Caja\nComment=Servidor de la tienda y punto de venta\nExec="${exec.replace(/"/g, '\\"')}"\nX-GNOME-Autostart-enabled=true\n`;
    fs.writeFileSync(path.join(dir, 'caja.desktop'), entry);
    return `xdg autostart ${dir}`;
  }
  return 'not supported';
}

export function installServerTray(o: TrayOptions): void {
  let tray: Tray | null = null;
  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });
  const showTray = () => {
    if (tray) return;
    const file = iconFile(o.mainDir);
    tray = new Tray(file ? nativeImage.createFromPath(file).resize({ width: 16, height: 16 }) : nativeImage.createEmpty());
    tray.setToolTip('Caja: servidor de la tienda funcionando');
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: 'Abrir Caja', click: () => o.window.show() },
        { type: 'separator' },
        { label: 'Salir (detiene el servidor de la tienda)', click: () => app.quit() },
      ]),
    );
    tray.on('click', () => o.window.show());
  };
  let registered = false;
  const ensureStartWithSystem = () => {
    if (registered || !hostedDataFolder(o.dataDir)) return;
    registered = true;
    if (!app.isPackaged) {
      o.log.info('caja does not start with the system from a checkout (it would start bare Electron)');
      return;
    }
    try {
      o.log.info('caja starts with the system', { how: startWithSystem() });
    } catch (e) {
      o.log.warn('could not make Caja start with the system', { error: e instanceof Error ? e.message : String(e) });
    }
  };
  ensureStartWithSystem();
  o.window.on('close', (event) => {
    if (quitting || !serverRunning(o.dataDir)) return;
    ensureStartWithSystem(); // the server was made in this session
    event.preventDefault();
    o.window.hide();
    showTray();
  });
}
