// Demo mode lives in its own database file: caja-demo.db holds the demo company, its catalogue and its
// documents; caja.db holds the shop's real ones. Which one this install uses is written in modo.json beside them, so
// switching modes switches files and demo documents never touch real numbering, history, backups or exports.
// No modo.json and no caja.db: a first run, which shows the setup wizard (the demo file serves it meanwhile).
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { openSqlite } from '../db/sqlite-driver';

export type WorkMode = 'demo' | 'real';
/** 'setup': first run, nothing chosen yet. */
export type StartMode = WorkMode | 'setup';

export const REAL_DB = 'caja.db';
export const DEMO_DB = 'caja-demo.db';
const MODE_FILE = 'modo.json';

const ModeFileSchema = z.object({ mode: z.enum(['demo', 'real']) });

export function databaseFileOf(dataDir: string, mode: StartMode): string {
  return path.join(dataDir, mode === 'real' ? REAL_DB : DEMO_DB);
}

export function readMode(dataDir: string): WorkMode | undefined {
  try {
    const parsed = ModeFileSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dataDir, MODE_FILE), 'utf8')));
    return parsed.success ? parsed.data.mode : undefined;
  } catch {
    return undefined;
  }
}

/** Written to a temporary file and renamed, so a crash never leaves a half-written choice. */
export function writeMode(dataDir: string, mode: WorkMode): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, MODE_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify({ mode })}\n`);
  fs.renameSync(temp, file);
}

/**
 * The mode this start opens. An install from before modo.json has only caja.db: it is the real store when its
 * 'demo' setting is off; when it was still in demo mode, that file is the demo's and is renamed caja-demo.db.
 */
export function resolveStartMode(
  dataDir: string,
  open: (file: string) => Database.Database = (f) => openSqlite(f, { readonly: true, fileMustExist: true }),
): StartMode {
  const chosen = readMode(dataDir);
  if (chosen) return chosen;
  const legacy = path.join(dataDir, REAL_DB);
  if (!fs.existsSync(legacy)) return 'setup';
  let demo = true;
  try {
    const db = open(legacy);
    try {
      const row = db.prepare("SELECT value FROM settings WHERE key = 'demo'").get() as { value: string } | undefined;
      demo = row ? JSON.parse(row.value) !== false : true;
    } finally {
      db.close();
    }
  } catch {
    return 'real'; // unreadable: never move it; start-up recovery deals with it as the real store
  }
  if (demo && !fs.existsSync(path.join(dataDir, DEMO_DB))) {
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(legacy + suffix)) fs.renameSync(legacy + suffix, path.join(dataDir, DEMO_DB) + suffix);
    }
  }
  writeMode(dataDir, demo ? 'demo' : 'real');
  return demo ? 'demo' : 'real';
}
