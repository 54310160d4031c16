// Note series follow the invoice series, one per till of a RUC: two tills on B101 and B201 once both took BC01 (the
// last two characters), and SUNAT refused the second till's notes as numbers already used. Numeric invoice series
// now map to distinct note series; those from B000 to B099 keep theirs (B001 → BC01), and a till that already
// numbered notes under the old name keeps it.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, SeriesRepository, SettingsRepository, type Db } from '../../../../electron/core/db';
import { memorySecretStore } from '../../../../electron/core/services/secrets';
import { noteSeriesFor, SettingsService } from '../../../../electron/core/services/settings';
import { tempDir } from '../db/helpers';

const series = (n: number) => String(n).padStart(3, '0');

describe('note series per till', () => {
  it('keeps B001 → BC01/BD01, F002 → FC02/FD02', () => {
    expect(noteSeriesFor({ boleta: 'B001', factura: 'F001' })).toEqual({ creditBoleta: 'BC01', creditFactura: 'FC01', debitBoleta: 'BD01', debitFactura: 'FD01' });
    expect(noteSeriesFor({ boleta: 'B002', factura: 'F002' })).toMatchObject({ creditBoleta: 'BC02', debitFactura: 'FD02' });
    expect(noteSeriesFor({ boleta: 'B099', factura: 'F099' })).toMatchObject({ creditBoleta: 'BC99' });
  });

  it('gives B101 and B201 different note series, and every numeric series its own', () => {
    const a = noteSeriesFor({ boleta: 'B101', factura: 'F101' });
    const b = noteSeriesFor({ boleta: 'B201', factura: 'F201' });
    expect(a.creditBoleta).not.toBe(b.creditBoleta);
    expect(a.debitFactura).not.toBe(b.debitFactura);
    const all = Array.from({ length: 1000 }, (_, n) => noteSeriesFor({ boleta: `B${series(n)}`, factura: `F${series(n)}` }));
    for (const key of ['creditBoleta', 'creditFactura', 'debitBoleta', 'debitFactura'] as const) {
      const names = all.map((s) => s[key]);
      expect(new Set(names).size).toBe(1000);
      for (const name of names) expect(name).toMatch(/^[BF][CD][A-Z0-9]{2}$/);
    }
  });

  describe('a till that already numbered notes', () => {
    let db: Db;
    beforeEach(() => {
      db = openDatabase({ path: path.join(tempDir('caja-note-series-'), 'caja.db') });
    });
    afterEach(() => db.close());

    it('keeps the note series it used before (BC01 on B101); a till with none takes the new one', () => {
      const seriesRepo = new SeriesRepository(db);
      const settings = new SettingsService(new SettingsRepository(db), seriesRepo, memorySecretStore(), undefined);
      settings.update({ series: { boleta: 'B101', factura: 'F101' } });
      const fresh = settings.noteSeriesNames();
      expect(fresh.creditBoleta).not.toBe('BC01');
      // As a till of an older Caja left it: a credit note numbered under BC01.
      db.sqlite.prepare("INSERT INTO series (doc_type, series, last_number) VALUES ('07', 'BC01', 3) ON CONFLICT (doc_type, series) DO UPDATE SET last_number = 3").run();
      expect(settings.noteSeriesNames()).toEqual({ ...fresh, creditBoleta: 'BC01' });
    });
  });
});
