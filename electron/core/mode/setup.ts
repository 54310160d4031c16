// Completing the first-run setup and switching modes. The real company, series, API and printer are
// written into the real database file (caja.db), never into the demo's; then modo.json points at the chosen file and
// Caja restarts on it. The token was saved before (setToken: the secret store is shared by both files).
import fs from 'node:fs';
import type { SetupInputParsed } from '../../../shared/bridge';
import { openDatabase, SeriesRepository, SettingsRepository, type BeforeMigrateHook } from '../db';
import { openSqlite } from '../db/sqlite-driver';
import { CoreError } from '../services/errors';
import type { SecretStore } from '../services/secrets';
import { SettingsService } from '../services/settings';
import { DEFAULT_PAYMENT_METHODS } from '../../../shared/payments';
import type { GoLivePreview } from '../../../shared/bridge';
import { carryFromDemo, previewCarry } from './carry-from-demo';
import { databaseFileOf, writeMode, type StartMode, type WorkMode } from './mode-file';

export interface SetupDeps {
  dataDir: string;
  migrationsDir?: string;
  secrets: SecretStore;
  /** The mode this start opened. */
  mode: StartMode;
  onBeforeMigrate?: BeforeMigrateHook;
  /** Stops the core and starts Caja again on the chosen file (the shell); answers before it happens. */
  restart?: () => void;
}

export class SetupService {
  constructor(private readonly deps: SetupDeps) {}

  complete(input: SetupInputParsed): { restarting: boolean } {
    if (input.mode === 'real') this.writeRealSettings(input);
    return this.switchTo(input.mode);
  }

  /** What going live would take from the demo file (this start's, in demo or in the first run's wizard). */
  previewGoLive(): GoLivePreview {
    return previewCarry(databaseFileOf(this.deps.dataDir, 'demo'), DEFAULT_PAYMENT_METHODS);
  }

  /** Ajustes' demo switch when the mode is kept in modo.json: a real store must have been set up first. */
  switchTo(mode: WorkMode): { restarting: boolean } {
    const restart = this.deps.restart;
    if (!restart) throw new CoreError('restart_unavailable', 'Cambiar de modo no está disponible en este entorno.');
    if (mode === 'real' && !this.realConfigured()) {
      throw new CoreError('validation', 'Para vender de verdad complete primero el asistente «Empezar a vender» (empresa, series y API).', [
        { path: 'demo', message: 'Falta configurar la empresa real' },
      ]);
    }
    writeMode(this.deps.dataDir, mode);
    restart();
    return { restarting: true };
  }

  private writeRealSettings(input: Extract<SetupInputParsed, { mode: 'real' }>): void {
    if (!this.deps.secrets.get('apiToken')) {
      throw new CoreError('validation', 'Ingrese el token de la API antes de empezar a vender.', [{ path: 'token', message: 'Falta el token' }]);
    }
    const db = openDatabase({ path: databaseFileOf(this.deps.dataDir, 'real'), migrationsDir: this.deps.migrationsDir, onBeforeMigrate: this.deps.onBeforeMigrate });
    try {
      const settings = new SettingsService(new SettingsRepository(db), new SeriesRepository(db), this.deps.secrets, undefined);
      // One update: the company, API and token are checked together (the RUC's check digit, not the demo company).
      settings.update({ company: input.company, series: input.series, api: input.api, printer: input.printer, demo: false });
      // What the owner chose to keep from demo; a real file is never the source (this start is demo or the wizard's).
      if (input.carry && this.deps.mode !== 'real') {
        const carried = carryFromDemo(db.sqlite, databaseFileOf(this.deps.dataDir, 'demo'), input.carry);
        if (carried.paymentMethods) settings.update({ paymentMethods: carried.paymentMethods });
      }
    } finally {
      db.close();
    }
  }

  private realConfigured(): boolean {
    const file = databaseFileOf(this.deps.dataDir, 'real');
    if (!fs.existsSync(file)) return false;
    const db = openSqlite(file, { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare("SELECT value FROM settings WHERE key = 'demo'").get() as { value: string } | undefined;
      return row !== undefined && JSON.parse(row.value) === false;
    } finally {
      db.close();
    }
  }
}
