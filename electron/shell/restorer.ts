// Restore from Ajustes, the shell's part: the system's open dialog (the renderer never names a file), then, once the
// core has answered the renderer, stop and close the core, put the copy in place and restart Caja.
import path from 'node:path';
import type { BrowserWindow, Dialog } from 'electron';
import type { applyRestore, Restorer } from '../core/backup';
import type { Logger } from '../core/dispatch';

export interface RestorerDeps {
  dialog: Pick<Dialog, 'showOpenDialog' | 'showErrorBox'>;
  parent: () => BrowserWindow | undefined;
  /** The folder the open dialog starts in when the core names none. */
  defaultFolder: () => string;
  dbPath: string;
  migrationsDir: string;
  /** Stops the outbox (the request in flight finishes) and closes the database. */
  closeCore: () => Promise<void>;
  applyRestore: typeof applyRestore;
  /** app.relaunch() then app.exit(0). */
  restart: () => void;
  log: Logger;
  /** Runs the swap after the bridge answered (setImmediate in the app). */
  later?: (task: () => void) => void;
}

export function createRestorer(deps: RestorerDeps): Restorer {
  const later = deps.later ?? ((task) => void setImmediate(task));
  return {
    /** `defaultFolder`: the core's backups folder, which the core sends along (it runs in its own thread). */
    async chooseFile(defaultFolder?: string) {
      const options = {
        title: 'Elegir una copia de seguridad de Caja',
        defaultPath: defaultFolder ?? deps.defaultFolder(),
        properties: ['openFile' as const],
        filters: [{ name: 'Copias de Caja', extensions: ['db', 'delta'] }],
      };
      const parent = deps.parent();
      const result = await (parent ? deps.dialog.showOpenDialog(parent, options) : deps.dialog.showOpenDialog(options));
      return result.canceled || !result.filePaths[0] ? null : result.filePaths[0];
    },
    async restore(file) {
      later(() => {
        void (async () => {
          try {
            await deps.closeCore();
            const result = await deps.applyRestore(file, deps.dbPath, { backupFolder: path.dirname(file), migrationsDir: deps.migrationsDir });
            deps.log.info('backup restored from Ajustes', { file, result: JSON.stringify(result).slice(0, 300) });
          } catch (e) {
            // applyRestore swaps atomically: on failure the database is the one we had. Restart on it.
            deps.log.error('restore failed', { error: e instanceof Error ? e.message : String(e) });
            deps.dialog.showErrorBox('No se pudo restaurar la copia', `${e instanceof Error ? e.message : String(e)}\n\nCaja se reiniciará con la base de datos que tenía.`);
          } finally {
            deps.restart();
          }
        })();
      });
    },
  };
}
