// The main process's start-up, in order: data folder, privileged scheme, single instance, logging, hardening of
// every web contents; once ready: permissions, app:// protocol, menu, secret store, demo sandbox, the core in its
// worker thread (or the error screen when the database cannot be opened), the bridge, the main window. Shutdown is in
// shutdown.ts. The core never runs on this thread: a commit, a claim or a Z cannot freeze a window.
import fs from 'node:fs';
import path from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import { CoreWorkerHost } from '../core/worker-host/host';
import * as backupApi from '../core/backup';
import { startSandbox } from '../sandbox';
import { forwardCoreEvents, registerIpc } from '../ipc';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { startDemoApi } from './demo';
import { describeStartupFailure } from './error-page';
import { createFileLogger } from './file-logger';
import { menuTemplate } from './menu';
import { dataDirOverride, resolveAppPaths, type AppPaths } from './paths';
import { chooseSqliteBinding } from './native-binding';
import { useSqliteBinding } from '../core/db/sqlite-driver';
import { databaseFileOf, resolveStartMode } from '../core/mode/mode-file';
import { createWindowPrinter } from './printer';
import { createRestorer } from './restorer';
import { createFileChooser } from './file-chooser';
import { createSafeStorageSecretStore, WEAK_STORAGE_QUESTION } from './secret-store';
import { denyAllPermissions, hardenWebContents } from './security';
import { createSenderCheck, OwnedWindows } from './sender-check';
import { recoverDatabaseAtStartup } from './startup-recovery';
import { createShutdown, type ShutdownController } from './shutdown';
import { claimSingleInstance } from './single-instance';
import { installServerTray } from './server-tray';
import { createDisplayWindow, createErrorWindow, createMainWindow, secondScreen } from './windows';

export const APP_USER_MODEL_ID = 'pe.caja.pos';

export interface RunMainOptions {
  /** Folder of the running main bundle (out/main). */
  mainDir: string;
  /** Tests point these at temporary folders. */
  paths?: Partial<AppPaths>;
  /** Signal and crash handlers on `process` (off in tests). Default true. */
  processHandlers?: boolean;
  /** Copy log lines to the console. Default: when not packaged. */
  echoLog?: boolean;
  /** The core's worker script; default the bundle `npm run build` emits, <mainDir>/workers/core.js. */
  coreEntry?: string;
}

export interface RunningApp {
  /** 'second' when another instance already runs (this one quits); 'quit' when the user chose to quit at the
   * damaged-database dialog. */
  outcome: 'started' | 'error-screen' | 'second' | 'quit';
  core?: CoreWorkerHost;
  mainWindow?: BrowserWindow;
  shutdown?: ShutdownController;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function runMain(options: RunMainOptions): Promise<RunningApp> {
  const dataOverride = dataDirOverride(process.env, process.argv);
  if (dataOverride) app.setPath('userData', dataOverride);
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  app.enableSandbox();
  // Spanish (Peru) for Chromium's own UI: date pickers read dd/mm/aaaa.
  app.commandLine.appendSwitch('lang', 'es-PE');

  const dataDir = app.getPath('userData');
  const logDir = path.join(dataDir, 'logs');
  const log = createFileLogger({ dir: logDir, echo: options.echoLog ?? !app.isPackaged });
  const windows = new OwnedWindows<BrowserWindow>();
  let mainWindow: BrowserWindow | undefined;

  if (!claimSingleInstance(app, () => mainWindow)) {
    app.quit();
    return Promise.resolve({ outcome: 'second' });
  }
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  log.info('Caja starting', { version: app.getVersion(), dataDir, packaged: app.isPackaged });

  if (options.processHandlers !== false) {
    process.on('uncaughtException', (e) => log.error('uncaught exception', { error: errorText(e) }));
    process.on('unhandledRejection', (e) => log.error('unhandled rejection', { error: errorText(e) }));
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
  }

  const opener = { openExternal: (url: string) => shell.openExternal(url) };
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, { shell: opener, log }));

  let core: CoreWorkerHost | undefined;
  let closeDemo: (() => Promise<void>) | undefined;
  const shutdown = createShutdown({
    stopCore: async () => (core ? core.stop() : { pending: 0 }),
    tellPending: async (message) => {
      const parent = mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined;
      const box = { type: 'info' as const, title: 'Caja', message, buttons: ['Aceptar'], noLink: true };
      await (parent ? dialog.showMessageBox(parent, box) : dialog.showMessageBox(box));
    },
    cleanups: [() => core?.close(), () => closeDemo?.(), () => log.info('Caja closed')],
    quit: () => app.quit(),
    log,
  });
  app.on('before-quit', (event) => shutdown.onBeforeQuit(event));
  app.on('window-all-closed', () => app.quit());

  async function start(): Promise<RunningApp> {
    const paths: AppPaths = {
      ...resolveAppPaths({ mainDir: options.mainDir, isPackaged: app.isPackaged, resourcesPath: process.resourcesPath }),
      ...options.paths,
    };
    denyAllPermissions(session.defaultSession, log);
    // Downloads (a CDR zip, a guide's XML, the product list: <a download> on a blob: URL) are not navigations, so the
    // will-navigate block in security.ts does not stop them: Chromium hands them to the session's download manager,
    // which emits 'will-download' (https://www.electronjs.org/docs/latest/api/session#event-will-download). Without a
    // save path Electron asks with the system's save dialog; its options are set here so the dialog is in Spanish
    // and starts in Downloads (https://www.electronjs.org/docs/latest/api/download-item#downloaditemsetsavedialogoptionsoptions).
    session.defaultSession.on('will-download', (_event, item) => {
      item.setSaveDialogOptions({ title: 'Guardar archivo', defaultPath: path.join(app.getPath('downloads'), item.getFilename()) });
    });
    protocol.handle(APP_SCHEME, createAppProtocolHandler({ rootDir: paths.rendererDir }));
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(menuTemplate({ isDev: !app.isPackaged, openLogsFolder: () => void shell.openPath(logDir) })),
    );

    // Electron's own build of better-sqlite3 (Node's, in node_modules, has another ABI): set before any database opens.
    const binding = chooseSqliteBinding({
      isPackaged: app.isPackaged, appRoot: paths.appRoot, resourcesPath: process.resourcesPath,
      abi: process.versions.modules, platform: process.platform, arch: process.arch, exists: (f) => fs.existsSync(f),
    });
    if (binding.file === undefined) {
      log.error('no Electron build of better-sqlite3', { problem: binding.problem });
      mainWindow = createErrorWindow(BrowserWindow, {
        title: 'Caja no puede abrir su base de datos',
        explanation: binding.problem,
        steps: ['Cierre Caja.', 'Siga la indicación de arriba y vuelva a abrir Caja.'],
        dbPath: undefined,
        technical: `better-sqlite3 para Electron ABI ${process.versions.modules} no encontrado`,
      }, log);
      return { outcome: 'error-screen', mainWindow, shutdown };
    }
    useSqliteBinding(binding.file);

    // Demo mode has its own file (caja-demo.db); modo.json says which one this start opens (a first run: setup).
    const mode = resolveStartMode(dataDir);
    const dbPath = databaseFileOf(dataDir, mode);
    log.info('work mode', { mode, dbPath });

    // A damaged (or deleted) caja.db is never replaced silently by a new empty one: offer the latest good copy.
    const recovery =
      mode === 'real'
        ? await recoverDatabaseAtStartup({
            dataDir, migrationsDir: paths.migrationsDir, dialog: { showMessageBox: (o) => dialog.showMessageBox(o) }, backup: backupApi, log,
          })
        : 'ok';
    if (recovery === 'quit') {
      app.quit();
      return { outcome: 'quit', shutdown };
    }

    const secrets = createSafeStorageSecretStore({
      file: path.join(dataDir, 'secrets.json'),
      safeStorage,
      confirmWeakStorage: () => {
        const parent = mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined;
        return (parent ? dialog.showMessageBoxSync(parent, WEAK_STORAGE_QUESTION) : dialog.showMessageBoxSync(WEAK_STORAGE_QUESTION)) === 0;
      },
      log,
    });
    log.info('secret storage', { plan: secrets.plan, dropped: secrets.dropped });

    const demo = await startDemoApi(startSandbox, log);
    closeDemo = demo.close;

    try {
      const printer = createWindowPrinter({
        BrowserWindow, dialog, windows, preloadFile: paths.preloadFile, parent: () => mainWindow,
        pdfDir: () => app.getPath('documents'), devTools: !app.isPackaged, log,
      });
      const restorer = createRestorer({
        dialog, parent: () => mainWindow, defaultFolder: () => dataDir,
        dbPath, migrationsDir: paths.migrationsDir,
        closeCore: async () => {
          await core?.stop();
          await core?.close();
        },
        applyRestore: backupApi.applyRestore,
        restart: () => {
          app.relaunch();
          app.exit(0);
        },
        log,
      });
      const files = createFileChooser({ dialog, shell, parent: () => mainWindow, documentsFolder: () => app.getPath('documents') });
      // After the setup or a mode switch: stop the core (the send in flight finishes), then start Caja again.
      const restart = () =>
        setImmediate(() => {
          void (async () => {
            await core?.stop();
            await core?.close();
            app.relaunch();
            app.exit(0);
          })();
        });
      core = new CoreWorkerHost({
        entry: options.coreEntry ?? path.join(options.mainDir, 'workers', 'core.js'),
        workersDir: path.join(options.mainDir, 'workers'),
        nativeBinding: binding.file,
        // The worker sends its own requests (Node's http): a drain's traffic never touches this thread. Electron's
        // net.fetch (the system's proxy) stays one option away: network: 'shell', fetch: net.fetch.
        network: 'worker',
        dataDir, dbPath, mode, restart, migrationsDir: paths.migrationsDir, secrets, demoEndpoint: demo.endpoint, log, printer, restorer, files,
      });
      await core.open();
    } catch (e) {
      core = undefined; // its worker ended when the core failed to open
      log.error('the database could not be opened', { error: errorText(e), code: (e as { code?: unknown }).code });
      mainWindow = createErrorWindow(BrowserWindow, describeStartupFailure(e, dbPath), log);
      return { outcome: 'error-screen', mainWindow, shutdown };
    }

    registerIpc({ ipcMain, core, isTrustedSender: createSenderCheck((contents) => windows.has(contents)), log });
    forwardCoreEvents(core, () => windows.contents(), log);
    await core.start();
    mainWindow = windows.add(createMainWindow(BrowserWindow, { preloadFile: paths.preloadFile, devTools: !app.isPackaged, log }));
    installServerTray({ window: mainWindow, dataDir, mainDir: options.mainDir, log }); // Hosted server keeps running
    // A second screen is the customer's display: lines, total, change, thanks.
    const customerScreen = screen?.getAllDisplays ? secondScreen(screen.getAllDisplays(), screen.getPrimaryDisplay().id) : undefined;
    if (customerScreen) windows.add(createDisplayWindow(BrowserWindow, customerScreen, log));
    // What the core found and did about its storage at start: leftovers freed, a damaged -wal salvaged.
    if (core.notices.length > 0) {
      const parent = mainWindow;
      void dialog.showMessageBox(parent, { type: 'info', title: 'Caja', message: 'Revisión de los datos al iniciar', detail: core.notices.join('\n\n'), buttons: ['Aceptar'], noLink: true });
    }
    return { outcome: 'started', core, mainWindow, shutdown };
  }

  return app
    .whenReady()
    .then(start)
    .catch((e: unknown) => {
      log.error('start-up failed', { error: errorText(e) });
      dialog.showErrorBox('Caja no pudo iniciar', `Ocurrió un error al iniciar Caja: ${errorText(e)}\n\nRegistro: ${log.file}`);
      app.quit();
      return { outcome: 'error-screen' as const, shutdown };
    });
}
