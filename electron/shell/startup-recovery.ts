// Start-up check of the database file, before the core opens it. A damaged caja.db, or a missing one while
// good copies exist (someone deleted it), must never turn silently into a new empty database: the user is told and
// may restore the newest sound copy, or quit. Nothing is deleted here; applyRestore keeps a copy of the damaged file.
import path from 'node:path';
import type { MessageBoxOptions } from 'electron';
import type {
  applyRestore,
  backupFoldersOf,
  checkDatabaseFile,
  latestGoodBackup,
  planRestore,
} from '../core/backup';
import type { Logger } from '../core/dispatch';
import type { BackupInfo, RestoreReport } from '../../shared/bridge/backup';
import { limaDateTime } from '../../shared/catalog';

export interface RecoveryDialog {
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
}

export interface RecoveryBackupApi {
  checkDatabaseFile: typeof checkDatabaseFile;
  latestGoodBackup: typeof latestGoodBackup;
  backupFoldersOf: typeof backupFoldersOf;
  planRestore: typeof planRestore;
  applyRestore: typeof applyRestore;
}

export interface StartupRecoveryDeps {
  dataDir: string;
  migrationsDir: string;
  dialog: RecoveryDialog;
  backup: RecoveryBackupApi;
  log: Logger;
}

/** ok: start as usual (also a first start: no file, no copies); restored: a copy is now in place; quit: do not start. */
export type StartupRecoveryOutcome = 'ok' | 'restored' | 'quit';

export const DATABASE_FILE = 'caja.db';
const RESTORE = 0;

/** Backup time in Lima wall-clock time, dd/mm/aaaa hh:mm. */
export function formatBackupDate(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const [date = '', time = ''] = limaDateTime(t).split('T');
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y} ${time.slice(0, 5)}`;
}

const documentsText = (n: number | null) => (n === null ? 'comprobantes sin contar' : n === 1 ? '1 comprobante' : `${n} comprobantes`);

export function restoreButtonLabel(backup: BackupInfo): string {
  return `Restaurar la última copia (${formatBackupDate(backup.createdAt)}, ${documentsText(backup.documents)})`;
}

export async function recoverDatabaseAtStartup(deps: StartupRecoveryDeps): Promise<StartupRecoveryOutcome> {
  const { backup: api, dialog, log } = deps;
  const dbPath = path.join(deps.dataDir, DATABASE_FILE);
  // The core's own start-up check (one cheap check for both): the whole file is read later, in the background.
  const check = api.checkDatabaseFile(dbPath, { mode: 'startup' });
  if (check.state === 'ok') return 'ok';
  if (check.state === 'unavailable') {
    // The disk failed (full, read-only, I/O error), not the file: a restore would fail the same way or replace a
    // healthy database. Say what happened and stop.
    log.warn('database file not reachable at start-up', { kind: check.kind ?? null, reason: check.reason });
    await dialog.showMessageBox({
      type: 'error',
      title: 'Caja',
      message: 'Caja no puede usar el disco de sus datos',
      detail: `${check.reason ?? ''}\n\nArchivo: ${dbPath}\n\nLa base de datos no está dañada: no hace falta restaurar una copia. Resuelva lo indicado y vuelva a abrir Caja.`,
      buttons: ['Salir'],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    });
    return 'quit';
  }

  const good = await api.latestGoodBackup(api.backupFoldersOf(deps.dataDir), deps.migrationsDir);
  if (check.state === 'missing' && !good) return 'ok'; // first start: a new database is expected
  log.warn('database file not usable at start-up', { state: check.state, reason: check.reason, backup: good?.path ?? null });

  const message =
    check.state === 'missing' ? 'No se encontró la base de datos de Caja' : 'La base de datos de Caja está dañada';
  const problem =
    check.state === 'missing'
      ? 'El archivo donde Caja guarda sus ventas y comprobantes no existe, aunque hay copias de seguridad: puede haber sido borrado o movido.'
      : `Caja no puede usar el archivo donde guarda sus ventas y comprobantes. ${check.reason ?? ''}`.trim();
  const where = `Archivo: ${dbPath}`;

  if (!good) {
    await dialog.showMessageBox({
      type: 'error',
      title: 'Caja',
      message,
      detail:
        `${problem}\n\n${where}\n\nNo se encontró ninguna copia de seguridad en buen estado. Caja no modificó el archivo. ` +
        'Haga una copia de él y comuníquese con soporte técnico.',
      buttons: ['Salir'],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    });
    log.info('start-up stopped: damaged database and no good backup');
    return 'quit';
  }

  const offer = await dialog.showMessageBox({
    type: 'warning',
    title: 'Caja',
    message,
    detail:
      `${problem}\n\n${where}\n\nPara no perder sus comprobantes, Caja no empezará con una base de datos nueva vacía. ` +
      `Puede restaurar la última copia de seguridad en buen estado (${formatBackupDate(good.createdAt)}, ` +
      `${documentsText(good.documents)}); el archivo actual se guardará antes en la carpeta de copias.`,
    buttons: [restoreButtonLabel(good), 'Salir'],
    defaultId: RESTORE,
    cancelId: 1,
    noLink: true,
  });
  if (offer.response !== RESTORE) {
    log.info('start-up stopped: the user declined the restore');
    return 'quit';
  }

  try {
    const report = await api.planRestore({ file: good.path, migrationsDir: deps.migrationsDir, livePath: dbPath });
    const confirm = await dialog.showMessageBox({
      type: 'question',
      title: 'Caja',
      message: 'Confirmar la restauración',
      detail: confirmationDetail(report, good, check.state === 'missing'),
      buttons: ['Restaurar', 'Salir'],
      defaultId: RESTORE,
      cancelId: 1,
      noLink: true,
    });
    if (confirm.response !== RESTORE) {
      log.info('start-up stopped: the user declined the restore after the report');
      return 'quit';
    }
    const result = await api.applyRestore(good.path, dbPath, {
      backupFolder: path.dirname(good.path),
      migrationsDir: deps.migrationsDir,
    });
    log.info('database restored at start-up', {
      from: good.path,
      documents: result.restoredDocuments,
      preRestoreBackup: result.preRestoreBackup?.path ?? null,
      salvaged: result.salvaged?.documents ?? null,
      carried: result.carried.carried,
      numberingHeld: result.numberingHeld,
    });
    return 'restored';
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    log.error('restore at start-up failed', { error: why });
    await dialog.showMessageBox({
      type: 'error',
      title: 'Caja',
      message: 'No se pudo restaurar la copia',
      detail: `${why}\n\n${where}\n\nCaja se cerrará. Comuníquese con soporte técnico.`,
      buttons: ['Salir'],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    });
    return 'quit';
  }
}

function confirmationDetail(report: RestoreReport, good: BackupInfo, missingFile: boolean): string {
  const when = formatBackupDate(good.createdAt);
  const lines = [`Se restaurará la copia del ${when} con ${documentsText(report.backupDocuments)}.`];
  if (report.liveDocuments === null) {
    lines.push(
      missingFile
        ? `Como la base de datos actual no existe, no se sabe cuántos comprobantes se emitieron después de la copia. ` +
            `Los emitidos después del ${when} que ya se declararon se pueden consultar y volver a imprimir desde la API.`
        : 'Como la base de datos actual está dañada, Caja traerá a la copia todas las ventas que aún se puedan leer de ' +
            'ella, con su estado; las ilegibles que ya se declararon se pueden consultar desde la API. El archivo dañado ' +
            'se guarda en la carpeta de copias para soporte técnico.',
      'Antes de la primera venta, Caja confirmará con SUNAT el último número usado de cada serie, para no repetir ' +
        'ninguno (sin conexión, podrá continuar saltando números, y quedará registrado).',
    );
  } else {
    if (report.missing.count === 0) lines.push('No falta ningún comprobante emitido después de la copia.');
    lines.push(...report.warnings);
  }
  lines.push('Nada se borra: el archivo actual se guarda antes en la carpeta de copias.');
  return lines.join('\n\n');
}
