// Where copies go: <dataDir>/backups unless the user picked another folder (settings key 'backup' = { folder }).
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { CoreError } from '../services/errors';
import { hasTable, messageOf } from './sqlite-file';

export const BACKUP_SETTING_KEY = 'backup';
export const BackupSettingSchema = z.object({ folder: z.string().min(1) });
export type BackupSetting = z.infer<typeof BackupSettingSchema>;

export function defaultBackupFolder(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/**
 * The folder choice is also written next to the database (<dataDir>/backup-folder.json): when the database itself is
 * damaged its settings cannot be read, and the start-up screen must still find the copies.
 */
export const FOLDER_POINTER_FILE = 'backup-folder.json';

export function rememberFolder(dataDir: string, folder: string): void {
  const file = path.join(dataDir, FOLDER_POINTER_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify({ folder })}\n`, 'utf8');
  fs.renameSync(temp, file);
}

/** Where copies may be, for the start-up screen: the remembered choice (if any), then the default folder. */
export function backupFoldersOf(dataDir: string): string[] {
  const folders: string[] = [];
  try {
    const parsed = BackupSettingSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dataDir, FOLDER_POINTER_FILE), 'utf8')));
    if (parsed.success) folders.push(parsed.data.folder);
  } catch {
    // No choice remembered.
  }
  const fallback = defaultBackupFolder(dataDir);
  if (!folders.includes(fallback)) folders.push(fallback);
  return folders;
}

/** The stored choice from a setting value (already parsed JSON), or the default. */
export function folderFromSetting(value: unknown, dataDir: string): string {
  const parsed = BackupSettingSchema.safeParse(value);
  return parsed.success ? parsed.data.folder : defaultBackupFolder(dataDir);
}

/**
 * The configured folder read straight from the settings table of a raw connection: for the pre-migration hook,
 * which runs before the app's repositories exist.
 */
export function backupFolderOf(sqlite: Database.Database, dataDir: string): string {
  try {
    if (!hasTable(sqlite, 'settings')) return defaultBackupFolder(dataDir);
    const row = sqlite.prepare('SELECT value FROM settings WHERE key = ?').get(BACKUP_SETTING_KEY) as { value: string } | undefined;
    return folderFromSetting(row ? JSON.parse(row.value) : undefined, dataDir);
  } catch {
    return defaultBackupFolder(dataDir);
  }
}

/** Checks that a folder the user picked can hold copies: absolute, creatable, writable. Throws CoreError('validation'). */
export function assertUsableFolder(folder: string): string {
  const refuse = (message: string): never => {
    throw new CoreError('validation', message, [{ path: 'folder', message }]);
  };
  if (!path.isAbsolute(folder)) refuse('Elija una carpeta con su ruta completa.');
  const resolved = path.resolve(folder);
  try {
    fs.mkdirSync(resolved, { recursive: true });
    const probe = path.join(resolved, `.caja-write-test-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe, { force: true });
  } catch (error) {
    refuse(`No se puede guardar copias en ${resolved}: ${messageOf(error)}.`);
  }
  return resolved;
}
