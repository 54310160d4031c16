// A seeded database made once per bench run and copied for each part that asks for the same one. Seeding 1,000,000
// realistic documents takes about 11 minutes on this machine; the start-up and copies parts each need such a store,
// and a copy of the file takes well under a minute. With BENCH_SEED_CACHE naming a folder (run.ts sets a temporary
// one for its run), the first part to ask seeds and leaves its file there; without it every part seeds its own.
import fs from 'node:fs';
import path from 'node:path';
import { defaultMigrationsDir } from '../../electron/core/db';

/** The newest migration's file name: a store seeded before a new migration is not the same store. */
function schemaTag(): string {
  const names = fs.readdirSync(defaultMigrationsDir()).filter((f) => f.endsWith('.sql')).sort();
  return path.basename(names.at(-1) ?? 'none', '.sql');
}

/**
 * Puts at `dbPath` (not open, no -wal) the store `seed` makes there, or a copy of the one it made earlier for `key`.
 * `seed` must leave `dbPath` closed with its -wal checkpointed, and answers its time in ms. Answers the seeding time
 * (the original's, when copied) and whether it was a copy.
 */
export function seededOnce(dbPath: string, key: string, seed: () => number): { seedMs: number; copied: boolean } {
  const folder = process.env.BENCH_SEED_CACHE;
  if (!folder) return { seedMs: seed(), copied: false };
  const cached = path.join(folder, `${key}-${schemaTag()}.db`);
  const timing = `${cached}.ms`;
  if (fs.existsSync(cached) && fs.existsSync(timing)) {
    fs.copyFileSync(cached, dbPath);
    return { seedMs: Number(fs.readFileSync(timing, 'utf8')), copied: true };
  }
  const seedMs = seed();
  if (fs.existsSync(`${dbPath}-wal`) && fs.statSync(`${dbPath}-wal`).size > 0) throw new Error(`seed left a -wal beside ${dbPath}`);
  fs.mkdirSync(folder, { recursive: true });
  fs.copyFileSync(dbPath, `${cached}.partial`);
  fs.renameSync(`${cached}.partial`, cached);
  fs.writeFileSync(timing, String(seedMs));
  return { seedMs, copied: false };
}
