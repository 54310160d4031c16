// Application settings: one JSON value per key.
import type Database from 'better-sqlite3';
import type { Db, SettingRow } from '../types';

export class SettingsRepository {
  private readonly selectOne: Database.Statement<[string], SettingRow>;
  private readonly selectAll: Database.Statement<[], SettingRow>;
  private readonly upsert: Database.Statement<[string, string]>;
  private readonly deleteOne: Database.Statement<[string]>;
  private readonly selectText: Database.Statement<[string], string>;

  constructor(db: Db) {
    const { sqlite } = db;
    this.selectOne = sqlite.prepare('SELECT key, value FROM settings WHERE key = ?');
    this.selectAll = sqlite.prepare('SELECT key, value FROM settings ORDER BY key');
    this.upsert = sqlite.prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.deleteOne = sqlite.prepare('DELETE FROM settings WHERE key = ?');
    this.selectText = sqlite.prepare<[string], string>('SELECT value FROM settings WHERE key = ?').pluck();
  }

  /** The parsed value, or undefined when the key was never set. The caller validates the shape (zod). */
  get<T = unknown>(key: string): T | undefined {
    const text = this.getText(key);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  /** The stored JSON text, as it is now (a cache of parsed settings compares it with the text it parsed). */
  getText(key: string): string | undefined {
    return this.selectText.get(key);
  }

  /** Stores any JSON-serialisable value; undefined is refused (use delete). */
  set(key: string, value: unknown): void {
    const json = JSON.stringify(value);
    if (json === undefined) throw new TypeError(`El ajuste ${key} no tiene un valor que se pueda guardar`);
    this.upsert.run(key, json);
  }

  delete(key: string): boolean {
    return this.deleteOne.run(key).changes > 0;
  }

  /** Every setting, parsed. */
  all(): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (const row of this.selectAll.all()) result[row.key] = JSON.parse(row.value);
    return result;
  }
}
