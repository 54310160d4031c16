// While this PC hosts the shop server (a real cluster from the shipped binaries), closing Caja's window
// hides it to the tray instead of quitting, and Caja is set to start with the system (Linux: an XDG autostart
// entry). Without a running server, closing is left alone. Electron is faked; the server is real.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServerHost } from '../../../electron/core/server-host/host';
import { memorySecretStore } from '../../../electron/core/services/secrets';

const trays = vi.hoisted(() => [] as { menu: unknown; tooltip: string }[]);
vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  const app = Object.assign(new EventEmitter(), { isPackaged: true, setLoginItemSettings: vi.fn(), quit: vi.fn() });
  class Tray extends EventEmitter {
    constructor() {
      super();
      trays.push({ menu: null, tooltip: '' });
    }
    setToolTip(t: string) {
      trays.at(-1)!.tooltip = t;
    }
    setContextMenu(m: unknown) {
      trays.at(-1)!.menu = m;
    }
  }
  const image = { resize: () => image };
  return {
    app,
    Tray,
    Menu: { buildFromTemplate: (t: { label?: string }[]) => t.map((i) => i.label ?? '-') },
    nativeImage: { createFromPath: () => image, createEmpty: () => image },
  };
});

const { installServerTray } = await import('../../../electron/shell/server-tray');

class FakeWindow extends EventEmitter {
  hidden = false;
  hide() {
    this.hidden = true;
  }
  show() {
    this.hidden = false;
  }
  /** What a user's click on the close box does: 'close', which a listener may prevent. */
  tryClose(): boolean {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    return !prevented;
  }
}

const log = { info: vi.fn(), warn: vi.fn() };
let dir: string;
let host: ServerHost;
const xdg = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-xdg-'));

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-tray-'));
  process.env.XDG_CONFIG_HOME = xdg;
});

afterAll(async () => {
  await host?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(xdg, { recursive: true, force: true });
  delete process.env.XDG_CONFIG_HOME;
});

describe.skipIf(process.platform !== 'linux')('the tray while this PC is the shop server', () => {
  it('without a server, closing the window closes it and nothing starts with the system', () => {
    const win = new FakeWindow();
    installServerTray({ window: win as never, dataDir: dir, mainDir: path.resolve('out/main'), log });
    expect(win.tryClose()).toBe(true);
    expect(trays).toHaveLength(0);
    expect(fs.existsSync(path.join(xdg, 'autostart', 'caja.desktop'))).toBe(false);
  });

  it('with the server running, closing hides the window to the tray, and Caja starts with the system', async () => {
    host = new ServerHost({ dataDir: dir, secrets: memorySecretStore(), migrationsDir: path.resolve('migrations'), shopName: () => 'Bodega' });
    await host.enable(0);
    const win = new FakeWindow();
    installServerTray({ window: win as never, dataDir: dir, mainDir: path.resolve('out/main'), log });
    const entry = fs.readFileSync(path.join(xdg, 'autostart', 'caja.desktop'), 'utf8');
    expect(entry).toContain('[Desktop Entry]');
    expect(entry).toContain(`Exec="${process.env.APPIMAGE ?? process.execPath}"`);

    expect(win.tryClose()).toBe(false);
    expect(win.hidden).toBe(true);
    expect(trays).toHaveLength(1);
    expect(trays[0]!.menu).toEqual(['Abrir Caja', '-', 'Salir (detiene el servidor de la tienda)']);

    await host.stop();
    expect(win.tryClose()).toBe(true); // stopped: the window closes as usual
  }, 60_000);
});
