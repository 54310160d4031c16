// planRestore: what restoring a backup would mean, without changing anything. The backup is validated first (a file
// that is not a sound Caja backup is refused); then the live documents are compared with the backup's by
// id_Base_Dato. A backup is normally an earlier state of the same database, where the same id holds the same
// document: both tables are scanned in id order side by side (sequential reads, constant memory) and only a row whose
// id does not hold the same id_Base_Dato in the backup is looked up there by id_Base_Dato (UNIQUE index), so a copy
// from another till or a renumbered file is still compared exactly.
//
// For a large store this is seconds of work (1,000,000 documents: integrity_check about 2 s, comparison about 2 s),
// so the running app never does it on its own connection: integrity_check runs in a worker thread, and the
// comparison reads the live file through a private read-only connection (one snapshot, which the app's writes do not
// disturb) and yields to the event loop every few milliseconds (time-slice.ts).
import path from 'node:path';
import type Database from 'better-sqlite3';
import { MISSING_LIST_LIMIT, type MissingDocument, type RestoreReport } from '../../../shared/bridge/backup';
import type { DocType } from '../db';
import { withCopyImage } from './copy-image';
import { checkDatabaseFile, validateBackupFileOffThread } from './inspect';
import { parseBackupFileName } from './naming';
import { withReadOnlyAsync } from './sqlite-file';
import { timeSlicer } from './time-slice';

export interface PlanRestoreOptions {
  /** The backup file the user chose. */
  file: string;
  migrationsDir: string;
  /** The open live database, when the app is running. */
  live?: Database.Database;
  /** Otherwise the live file (start-up screen); read only if it passes quick_check. */
  livePath?: string;
}

interface KeyRow {
  id_base_dato: string;
  id: number;
  status: string;
  issue_date: string;
}

interface SeriesLast {
  doc_type: DocType;
  series: string;
  last_number: number;
}

const KEYS_SQL = 'SELECT id_base_dato, id, status, issue_date FROM documents ORDER BY id';
const BY_KEY_SQL = 'SELECT status FROM documents WHERE id_base_dato = ?';
const SERIES_SQL = 'SELECT doc_type, series, last_number FROM series ORDER BY doc_type, series';

export async function planRestore(options: PlanRestoreOptions): Promise<RestoreReport> {
  // A differential copy is read through its rebuilt image (copy-image.ts); the report names the copy chosen.
  return withCopyImage(options.file, (image) => planFromImage(image, options));
}

async function planFromImage(image: string, options: PlanRestoreOptions): Promise<RestoreReport> {
  const valid = await validateBackupFileOffThread(image, options.migrationsDir);
  // Two connections to the backup: one scans, the other looks up (a connection cannot do both at once).
  return withReadOnlyAsync(image, (backup) => withReadOnlyAsync(image, async (lookup) => {
    const backupSeries = backup.prepare(SERIES_SQL).all() as SeriesLast[];
    const base = {
      file: options.file,
      backupCreatedAt: parseBackupFileName(path.basename(options.file))?.createdAt ?? null,
      schemaVersion: valid.schemaVersion,
      backupDocuments: valid.documents.count,
    };
    const compare = async (live: Database.Database, sliced: boolean): Promise<RestoreReport> => {
      const diff = await compareDocuments(live, backup, lookup, sliced);
      const numbering = mergeSeries(backupSeries, live.prepare(SERIES_SQL).all() as SeriesLast[]);
      const { liveDocuments, ...rest } = diff;
      return { ...base, liveDocuments, ...rest, numbering, warnings: warningsOf(rest, numbering, valid.schemaVersion, live) };
    };
    if (options.live?.memory) return compare(options.live, false); // tests: nothing else to serve
    const livePath = options.live ? options.live.name : options.livePath;
    if (livePath && (options.live || checkDatabaseFile(livePath).state === 'ok')) {
      return withReadOnlyAsync(livePath, (live) => compare(live, true));
    }
    return {
      ...base,
      liveDocuments: null,
      missing: { count: 0, firstDate: null, lastDate: null, documents: [], truncated: false },
      statusChanged: 0,
      numbering: mergeSeries(backupSeries, []),
      warnings: [
        'La base de datos actual no se puede leer entera, así que no se sabe de antemano qué comprobantes faltan en la ' +
          'copia. Al restaurar, Caja traerá a la copia los que aún se puedan leer, con su estado, y confirmará con SUNAT ' +
          'el último número de cada serie de boletas y facturas antes de emitir (las de notas, que SUNAT no permite ' +
          'consultar, quedan retenidas hasta que se elija continuar saltando números). Los ilegibles que ya se enviaron se pueden consultar en la ' +
          'API; los que no se enviaron se perderían: restaure solo si no hay otra salida.',
      ],
    };
  }));
}

type Diff = Pick<RestoreReport, 'missing' | 'statusChanged'>;

async function compareDocuments(
  live: Database.Database,
  backup: Database.Database,
  lookup: Database.Database,
  sliced: boolean,
): Promise<Diff & { liveDocuments: number }> {
  const tick = sliced ? timeSlicer() : () => undefined;
  const liveRows = live.prepare(KEYS_SQL).iterate() as IterableIterator<KeyRow>;
  const backupRows = backup.prepare(KEYS_SQL).iterate() as IterableIterator<KeyRow>;
  const byKey = lookup.prepare(BY_KEY_SQL);
  const missingIds: number[] = [];
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  let statusChanged = 0;
  let liveDocuments = 0;
  try {
    let b = backupRows.next();
    for (const row of liveRows) {
      liveDocuments += 1;
      await tick();
      while (!b.done && b.value.id < row.id) b = backupRows.next();
      const sameId = !b.done && b.value.id === row.id && b.value.id_base_dato === row.id_base_dato;
      const backupStatus = sameId ? b.value?.status : (byKey.get(row.id_base_dato) as { status: string } | undefined)?.status;
      if (backupStatus !== undefined) {
        if (backupStatus !== row.status) statusChanged += 1;
        continue;
      }
      missingIds.push(row.id);
      if (firstDate === null || row.issue_date < firstDate) firstDate = row.issue_date;
      if (lastDate === null || row.issue_date > lastDate) lastDate = row.issue_date;
    }
  } finally {
    // Open iterators keep their connection busy (it could not be closed); ending them is harmless when done.
    liveRows.return?.();
    backupRows.return?.();
  }
  const listed = missingIds.slice(0, MISSING_LIST_LIMIT); // already in id order: oldest first
  const detail = live.prepare(
    'SELECT doc_type AS docType, series, number, issue_date AS issueDate, currency, total, status FROM documents WHERE id = ?',
  );
  const documents = listed.map((id) => detail.get(id) as MissingDocument);
  return {
    liveDocuments,
    missing: { count: missingIds.length, firstDate, lastDate, documents, truncated: missingIds.length > listed.length },
    statusChanged,
  };
}

function mergeSeries(backup: SeriesLast[], live: SeriesLast[]): RestoreReport['numbering'] {
  const key = (s: SeriesLast) => `${s.doc_type}|${s.series}`;
  const rows = new Map<string, RestoreReport['numbering'][number]>();
  for (const s of backup) rows.set(key(s), { docType: s.doc_type, series: s.series, backupLast: s.last_number, liveLast: null });
  for (const s of live) {
    const row = rows.get(key(s)) ?? { docType: s.doc_type, series: s.series, backupLast: null, liveLast: null };
    row.liveLast = s.last_number;
    rows.set(key(s), row);
  }
  return [...rows.values()].sort((x, y) => (x.docType + x.series < y.docType + y.series ? -1 : 1));
}

function warningsOf(diff: Diff, numbering: RestoreReport['numbering'], backupVersion: number, live: Database.Database): string[] {
  const warnings: string[] = [];
  const { missing } = diff;
  if (missing.count > 0) {
    const range = missing.firstDate === missing.lastDate ? `del ${missing.firstDate}` : `del ${missing.firstDate} al ${missing.lastDate}`;
    warnings.push(
      `${missing.count === 1 ? 'Un comprobante emitido' : `${missing.count} comprobantes emitidos`} ${range} no ` +
        `${missing.count === 1 ? 'está' : 'están'} en la copia: se ${missing.count === 1 ? 'copiará' : 'copiarán'} a la ` +
        'base restaurada con su estado, y los que aún no se declararon se enviarán a SUNAT. No se pierde ninguna venta.',
    );
  }
  if (diff.statusChanged > 0) {
    warnings.push(
      `${diff.statusChanged} comprobantes cambiaron de estado desde la copia: se conserva su estado actual (enviado, ` +
        'aceptado, CDR), no el de la copia.',
    );
  }
  const ahead = numbering.filter((s) => s.liveLast !== null && (s.backupLast ?? 0) < s.liveLast);
  if (ahead.length > 0) {
    const list = ahead.map((s) => `${s.series} sigue en ${(s.liveLast ?? 0) + 1}`).join(', ');
    warnings.push(`La numeración continuará después del último número ya usado para no repetir números (${list}).`);
  }
  const liveVersion = (live.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations').get() as { v: number }).v;
  if (backupVersion < liveVersion) {
    warnings.push('La copia es de una versión anterior de Caja; se actualizará al abrirla (antes se guardará otra copia).');
  }
  return warnings;
}
