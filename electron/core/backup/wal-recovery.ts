// A -wal that would lose committed sales (db/wal-check.ts), handled when the core opens the database.
// Before SQLite touches the files: the database and its -wal are saved as they are into the copies folder (never
// offered for a restore: support can work on them), the database is rebuilt aside with every intact frame applied
// (skipping the damaged ones), and what is readable of that is salvaged. Once the database is open: the salvaged
// sales it lacks are carried into it with their statuses, each series' last number raised to the highest salvaged,
// and every series held until its next number is confirmed (numbering service), all of it logged.
import fs from 'node:fs';
import path from 'node:path';
import type { BackupInfo } from '../../../shared/bridge/backup';
import { logNumbering, placeNumberingHolds, rebuildFromWal, type Clock, type Db, type WalDamage } from '../db';
import { recordBackup } from './catalog';
import { backupFileName } from './naming';
import { noteSeriesNamed } from './note-series';
import { carrySalvage, removeSalvage, salvageDatabase, type Salvage, type SalvageCarry } from './salvage';
import { fsyncFile, messageOf } from './sqlite-file';

export interface WalRecovery {
  damage: WalDamage;
  /** The raw copy of the database and its -wal; null when it could not be written (the reason is in `problems`). */
  evidence: BackupInfo | null;
  salvage: Salvage | null;
  problems: string[];
}

/** Before SQLite opens `dbPath`: saves the raw files into `folder` and salvages the rebuilt database. Never throws. */
export function prepareWalRecovery(dbPath: string, damage: WalDamage, folder: string, migrationsDir: string, now: Clock): WalRecovery {
  const problems: string[] = [];
  let evidence: BackupInfo | null = null;
  try {
    evidence = saveRaw(dbPath, folder, now);
  } catch (error) {
    problems.push(`No se pudo guardar una copia del archivo dañado: ${messageOf(error)}`);
  }
  const stamp = `${process.pid}-${Date.now()}`;
  const dir = path.dirname(path.resolve(dbPath));
  const rebuilt = path.join(dir, `.${path.basename(dbPath)}.salvage-${stamp}-rebuilt.tmp`);
  const clean = path.join(dir, `.${path.basename(dbPath)}.salvage-${stamp}.tmp`);
  let salvage: Salvage | null = null;
  try {
    if (rebuildFromWal(dbPath, damage.walPath, rebuilt)) salvage = salvageDatabase(rebuilt, clean, migrationsDir);
  } catch (error) {
    problems.push(`No se pudieron recuperar las ventas del registro dañado: ${messageOf(error)}`);
    removeSalvage(clean);
    salvage = null;
  } finally {
    removeSalvage(rebuilt);
  }
  return { damage, evidence, salvage, problems };
}

export interface WalRecoveryResult {
  carried: SalvageCarry | null;
  /** Spanish, for the start-up notice and the log. */
  notice: string;
}

/** Once the database is open: carries the salvage in, holds the numbering, logs it. Removes the salvage file. */
export function finishWalRecovery(db: Db, recovery: WalRecovery, now: Clock): WalRecoveryResult {
  const at = () => now().toISOString();
  let carried: SalvageCarry | null = null;
  try {
    if (recovery.salvage) carried = carrySalvage(db.sqlite, recovery.salvage.file, recovery.salvage.known);
  } catch (error) {
    recovery.problems.push(`No se pudieron traer las ventas recuperadas: ${messageOf(error)}`);
  } finally {
    if (recovery.salvage) removeSalvage(recovery.salvage.file);
  }
  const lost = recovery.damage.droppedCommits;
  const parts = [
    `El registro de las últimas operaciones de la base de datos (archivo -wal) estaba dañado: SQLite iba a descartar ${lost} ` +
      `${lost === 1 ? 'transacción confirmada' : 'transacciones confirmadas'} sin avisar.`,
    carried
      ? `Se recuperaron ${carried.carried} ${carried.carried === 1 ? 'venta' : 'ventas'} que se habrían perdido` +
        (carried.refreshed > 0 ? ` y el estado más reciente de ${carried.refreshed}` : '') +
        (recovery.salvage && recovery.salvage.unreadable > 0 ? `; ${recovery.salvage.unreadable} registros no se pudieron leer` : '') +
        '.'
      : 'No se pudo recuperar ninguna venta del registro dañado.',
    'Antes de emitir, Caja confirmará con SUNAT el último número usado de cada serie de boletas y facturas para no ' +
      'repetir ninguno. Las series de notas de crédito y débito no se pueden consultar en SUNAT: quedan retenidas hasta ' +
      'que el cajero elija continuar saltando números (quedará registrado).',
    recovery.evidence ? `Los archivos dañados se guardaron tal cual en ${recovery.evidence.path}.` : '',
    ...recovery.problems,
  ].filter(Boolean);
  const notice = parts.join(' ');
  db.sqlite.transaction(() => {
    logNumbering(db.sqlite, at(), { kind: 'wal_loss', detail: notice });
    if (carried && carried.carried > 0) {
      logNumbering(db.sqlite, at(), { kind: 'salvaged', detail: `${carried.carried} ventas recuperadas del registro (-wal) dañado` });
    }
    placeNumberingHolds(
      db.sqlite, 'wal_loss', at(), [...(recovery.salvage?.known ?? []), ...noteSeriesNamed(db.sqlite)], 'Registro (-wal) dañado al abrir la base de datos',
    );
  }).immediate();
  return { carried, notice };
}

/** The database and its -wal as they are, recorded as a failed copy so it is never offered for a restore. */
function saveRaw(dbPath: string, folder: string, now: Clock): BackupInfo {
  fs.mkdirSync(folder, { recursive: true });
  const at = now();
  let sequence = 1;
  let fileName = backupFileName('pre_restore', at);
  while (fs.existsSync(path.join(folder, fileName))) fileName = backupFileName('pre_restore', at, ++sequence);
  const dest = path.join(folder, fileName);
  fs.copyFileSync(dbPath, dest);
  fsyncFile(dest);
  fs.copyFileSync(`${dbPath}-wal`, `${dest}-wal`);
  fsyncFile(`${dest}-wal`);
  const info: BackupInfo = {
    fileName, path: dest, reason: 'pre_restore', createdAt: at.toISOString(), size: fs.statSync(dest).size,
    documents: null, check: 'failed', durationMs: null,
    message: 'Base de datos con su registro (-wal) dañado, guardada tal cual al abrir Caja (no se puede restaurar; es para soporte técnico).',
  };
  recordBackup(folder, { ...info, maxDocumentId: null });
  return info;
}
