// Bridge schemas of backups, restore planning and exports for the accountant.
// Spread `backupContract` into bridgeContract; applyRestore is a shell action after confirmation, not a method here.
import { z } from 'zod';
import { ISSUED_DOC_TYPES } from '../catalog/doc-types';
import { IsoDaySchema } from '../validation/day';

const NoInput = z.strictObject({});

export const BACKUP_REASONS = ['daily', 'manual', 'pre_migration', 'pre_restore'] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];

/** Spanish labels for the list in Ajustes. */
export const BACKUP_REASON_LABELS: Record<BackupReason, string> = {
  daily: 'Diaria',
  manual: 'Manual',
  pre_migration: 'Antes de actualizar',
  pre_restore: 'Antes de restaurar',
};

/** ok: passed the checks after it was written; failed: did not (message says why); unverified: not written by Caja here. */
export const BACKUP_CHECKS = ['ok', 'failed', 'unverified'] as const;
export type BackupCheck = (typeof BACKUP_CHECKS)[number];

export const BackupInfoSchema = z.object({
  fileName: z.string(),
  /** Full path, for restore. */
  path: z.string(),
  reason: z.enum(BACKUP_REASONS),
  /** When the copy was taken, UTC ISO. */
  createdAt: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  /** Documents in the copy; null when unknown. */
  documents: z.number().int().nonnegative().nullable(),
  check: z.enum(BACKUP_CHECKS),
  /** Why the check failed (Spanish); null when it passed. */
  message: z.string().nullable(),
  durationMs: z.number().nonnegative().nullable(),
  /** The full copy (file name in the same folder) a differential copy needs; absent for a full copy. */
  base: z.string().optional(),
});
export type BackupInfo = z.infer<typeof BackupInfoSchema>;

export const BackupListSchema = z.object({
  folder: z.string(),
  /** True when the folder is the default one inside the app's data folder. */
  isDefaultFolder: z.boolean(),
  /** Newest first. */
  backups: z.array(BackupInfoSchema),
});
export type BackupList = z.infer<typeof BackupListSchema>;

export const RestoreFileInputSchema = z.strictObject({
  file: z.string().trim().min(1, 'Elija un archivo de copia').max(1000),
});

export const MissingDocumentSchema = z.object({
  docType: z.enum(['01', '03']),
  series: z.string(),
  number: z.number().int(),
  issueDate: z.string(),
  currency: z.string(),
  total: z.string(),
  status: z.string(),
});
export type MissingDocument = z.infer<typeof MissingDocumentSchema>;

export const SeriesNumberingSchema = z.object({
  docType: z.enum(ISSUED_DOC_TYPES),
  series: z.string(),
  backupLast: z.number().int().nullable(),
  liveLast: z.number().int().nullable(),
});

/** What restoring a backup would change; planRestore writes nothing. */
export const RestoreReportSchema = z.object({
  file: z.string(),
  /** From the file name, or null when it is not a Caja backup name. */
  backupCreatedAt: z.string().nullable(),
  /** Highest migration applied in the backup. */
  schemaVersion: z.number().int(),
  backupDocuments: z.number().int(),
  /** null when the current database cannot be read (then nothing can be compared). */
  liveDocuments: z.number().int().nullable(),
  /** Documents in the current database that the backup does not have (matched by id_Base_Dato). */
  missing: z.object({
    count: z.number().int(),
    firstDate: z.string().nullable(),
    lastDate: z.string().nullable(),
    /** Oldest first, at most MISSING_LIST_LIMIT; `count` is the full number. */
    documents: z.array(MissingDocumentSchema),
    truncated: z.boolean(),
  }),
  /** Documents in both whose status differs (e.g. accepted now, pending in the backup: they will be sent again). */
  statusChanged: z.number().int(),
  /** Last number of each series; after a restore numbering continues after the higher of the two. */
  numbering: z.array(SeriesNumberingSchema),
  /** Spanish notes for the confirmation screen. */
  warnings: z.array(z.string()),
});
export type RestoreReport = z.infer<typeof RestoreReportSchema>;
export const MISSING_LIST_LIMIT = 1000;

export const EXPORT_FORMATS = ['csv', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What an export did: saved where the user chose (the file name only: the path stays in the main process). */
export const ExportResultSchema = z.object({
  saved: z.boolean(),
  fileName: z.string().nullable(),
  documents: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type ExportResult = z.infer<typeof ExportResultSchema>;

export const ExportInputSchema = z
  .strictObject({ from: IsoDaySchema, to: IsoDaySchema, format: z.enum(EXPORT_FORMATS) })
  .refine((v) => v.from <= v.to, { message: 'La fecha inicial es posterior a la final', path: ['to'] });
export type ExportInput = z.infer<typeof ExportInputSchema>;

export const backupContract = {
  listBackups: { input: NoInput, output: BackupListSchema },
  backupNow: { input: NoInput, output: BackupInfoSchema },
  /** Opens the system's folder dialog; the chosen folder (checked) becomes the backups folder. Null list: cancelled. */
  chooseBackupFolder: { input: NoInput, output: z.object({ list: BackupListSchema.nullable() }) },
  /** Opens the system's save dialog and writes the export there, off the event loop's critical path. */
  exportDocuments: { input: ExportInputSchema, output: ExportResultSchema },
  /** Opens the system's file dialog; the chosen copy is checked and compared with the current database. */
  chooseRestoreFile: { input: NoInput, output: z.object({ report: RestoreReportSchema.nullable() }) },
  /** Restores the copy chosen with chooseRestoreFile (and only that one), then Caja restarts. */
  restoreBackup: { input: RestoreFileInputSchema, output: z.object({ restarting: z.boolean() }) },
} as const;
