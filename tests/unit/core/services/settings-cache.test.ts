// The settings cache: a setting is parsed and checked once, and never served stale after a write, whoever
// wrote it (this service, the repository, SQL on the same connection, another connection) and whether or not the
// write's transaction committed.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, SeriesRepository, SettingsRepository, type Db } from '../../../../electron/core/db';
import { memorySecretStore } from '../../../../electron/core/services/secrets';
import { SettingsService } from '../../../../electron/core/services/settings';
import { tempDir } from '../db/helpers';

const COMPANY = { ruc: '20100070970', name: 'BODEGA UNO', tradeName: 'Uno', address: 'Av. Lima 1', igvRegime: 'general' as const };

let db: Db;
let repo: SettingsRepository;
let settings: SettingsService;
let file: string;

beforeEach(() => {
  file = path.join(tempDir('caja-settings-cache-'), 'caja.db');
  db = openDatabase({ path: file });
  repo = new SettingsRepository(db);
  settings = new SettingsService(repo, new SeriesRepository(db), memorySecretStore(), undefined);
});

afterEach(() => db.close());

describe('SettingsService cache', () => {
  it('parses and checks a setting once while its stored text does not change', () => {
    settings.update({ company: COMPANY });
    const first = settings.company();
    const parse = vi.spyOn(JSON, 'parse');
    try {
      for (let i = 0; i < 5; i++) expect(settings.company()).toBe(first);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('serves the new value after a save through the service', () => {
    expect(settings.company().ruc).not.toBe(COMPANY.ruc);
    settings.update({ company: COMPANY });
    expect(settings.company()).toEqual(COMPANY);
    settings.update({ series: { boleta: 'B002', factura: 'F002' } });
    expect(settings.seriesNames()).toEqual({ boleta: 'B002', factura: 'F002' });
  });

  it('serves the new value after a write straight through the repository (a shared setting from the shop server)', () => {
    expect(settings.paymentMethods().length).toBeGreaterThan(1);
    const only = [settings.paymentMethods()[0]];
    repo.set('paymentMethods', only);
    expect(settings.paymentMethods()).toEqual(only);
    repo.delete('paymentMethods');
    expect(settings.paymentMethods().length).toBeGreaterThan(1);
  });

  it('forgets what a rolled-back transaction wrote, even when it was read inside it', () => {
    settings.update({ company: COMPANY });
    expect(settings.company().name).toBe('BODEGA UNO');
    expect(() =>
      db.sqlite.transaction(() => {
        repo.set('company', { ...COMPANY, name: 'NUNCA GUARDADA' });
        expect(settings.company().name).toBe('NUNCA GUARDADA');
        expect(settings.company().name).toBe('NUNCA GUARDADA');
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(settings.company().name).toBe('BODEGA UNO');
  });

  it('sees SQL that bypassed the repository on the same connection', () => {
    expect(settings.isDemo()).toBe(true);
    db.sqlite.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('demo', 'false')").run();
    expect(settings.isDemo()).toBe(false);
  });

  it('keeps what a committed transaction wrote', () => {
    db.sqlite.transaction(() => {
      repo.set('company', COMPANY);
      expect(settings.company().name).toBe('BODEGA UNO');
    })();
    expect(settings.company().name).toBe('BODEGA UNO');
  });

  it('sees a commit made by another connection to the same file', () => {
    settings.update({ company: COMPANY });
    expect(settings.company().name).toBe('BODEGA UNO');
    const other = new Database(file);
    try {
      other.prepare("UPDATE settings SET value = json_set(value, '$.name', 'OTRA CONEXIÓN') WHERE key = 'company'").run();
    } finally {
      other.close();
    }
    expect(settings.company().name).toBe('OTRA CONEXIÓN');
  });

  it('hands out frozen values, so no caller can change what the next one reads', () => {
    settings.update({ company: COMPANY });
    const company = settings.company();
    expect(() => {
      (company as { name: string }).name = 'CAMBIADA';
    }).toThrow(TypeError);
    expect(settings.company().name).toBe('BODEGA UNO');
    // The defaults a missing setting falls back to are copied before freezing, never frozen themselves.
    const methods = settings.paymentMethods();
    expect(Object.isFrozen(methods)).toBe(true);
  });
});
