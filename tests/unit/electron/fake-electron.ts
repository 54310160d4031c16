// A minimal stand-in for the `electron` module (its binary cannot run here). Records what the main process does:
// windows and their options, protocol and IPC handlers, permission handlers, dialogs, quits. Used with
// `vi.mock('electron', async () => (await import('./fake-electron')).createFakeElectron())`.
import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';

export class FakeFrame {
  parent: FakeFrame | null = null;
  constructor(
    public url: string,
    public processId = 1,
    public routingId = 1,
  ) {}
}

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly mainFrame: FakeFrame;
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;

  constructor(url = 'about:blank') {
    super();
    this.mainFrame = new FakeFrame(url, this.id, 1);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

/** A cancellable event like Electron's. */
export function preventable(extra: Record<string, unknown> = {}) {
  return { defaultPrevented: false, preventDefault: vi.fn(function (this: { defaultPrevented: boolean }) { this.defaultPrevented = true; }), ...extra };
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loadURL = vi.fn(async (url: string) => {
    this.webContents.mainFrame.url = url;
  });
  readonly show = vi.fn(() => {
    this.visible = true;
  });
  readonly focus = vi.fn();
  readonly restore = vi.fn();
  readonly setMenuBarVisibility = vi.fn();
  visible = false;
  minimized = false;
  destroyed = false;

  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  close(): void {
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

/** Reversible "encryption" bound to a key: decrypting with another key fails, like a changed OS key store. */
export function createFakeSafeStorage(options: { key?: string; backend?: string; available?: boolean } = {}) {
  const state = { key: options.key ?? 'k1', backend: options.backend ?? 'gnome_libsecret', available: options.available ?? true };
  const prefix = () => `ENC[${state.key}]`;
  return {
    state,
    isEncryptionAvailable: vi.fn(() => state.available),
    getSelectedStorageBackend: vi.fn(() => state.backend),
    encryptString: vi.fn((text: string) => {
      if (!state.available) throw new Error('Encryption is not available.');
      return Buffer.from(prefix() + Buffer.from(text, 'utf8').reverse().toString('hex'), 'latin1');
    }),
    decryptString: vi.fn((data: Buffer) => {
      const text = data.toString('latin1');
      if (!state.available || !text.startsWith(prefix())) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(text.slice(prefix().length), 'hex').reverse().toString('utf8');
    }),
  };
}

export function createFakeElectron() {
  const paths: Record<string, string> = { userData: path.join(os.tmpdir(), 'caja-fake-userdata') };
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    getPath: vi.fn((name: string) => paths[name] ?? path.join(os.tmpdir(), name)),
    setPath: vi.fn((name: string, value: string) => void (paths[name] = value)),
    getVersion: vi.fn(() => '0.1.0'),
    whenReady: vi.fn(() => ready),
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
    enableSandbox: vi.fn(),
    commandLine: { appendSwitch: vi.fn() },
    setAppUserModelId: vi.fn(),
    /** Test helper: fire `ready`. */
    fireReady: () => resolveReady(),
  });

  const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const ipcMain = {
    handlers: ipcHandlers,
    handle: vi.fn((channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
      if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      ipcHandlers.set(channel, handler);
    }),
    removeHandler: vi.fn((channel: string) => void ipcHandlers.delete(channel)),
  };

  const protocolHandlers = new Map<string, (request: Request) => Promise<Response> | Response>();
  const protocol = {
    handlers: protocolHandlers,
    registerSchemesAsPrivileged: vi.fn(),
    handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response> | Response) => {
      protocolHandlers.set(scheme, handler);
    }),
  };

  const defaultSession = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    on: vi.fn(),
  };

  return {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain,
    protocol,
    session: { defaultSession },
    // One screen: no customer display window (tests of a second screen set more displays).
    screen: {
      getAllDisplays: vi.fn(() => [{ id: 1, bounds: { x: 0, y: 0, width: 1366, height: 768 } }]),
      getPrimaryDisplay: vi.fn(() => ({ id: 1, bounds: { x: 0, y: 0, width: 1366, height: 768 } })),
    },
    shell: { openExternal: vi.fn(async () => undefined), openPath: vi.fn(async () => '') },
    safeStorage: createFakeSafeStorage(),
    net: { fetch: vi.fn((input: string, init?: RequestInit) => fetch(input, init)) },
    dialog: {
      showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0, checkboxChecked: false })),
      showMessageBoxSync: vi.fn((..._args: unknown[]) => 0),
      showErrorBox: vi.fn((_title: string, _content: string) => undefined),
    },
    Menu: { buildFromTemplate: vi.fn((template: unknown) => ({ template })), setApplicationMenu: vi.fn() },
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
