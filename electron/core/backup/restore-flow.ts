import type { RestoreReport } from '../../../shared/bridge/backup';
import { CoreError } from '../services/errors';

/**
 * What only the shell can do for a restore: ask the user for a file with the system's dialog, and swap the database
 * while the core is closed (then restart). The core decides what is allowed.
 */
export interface Restorer {
  chooseFile(): Promise<string | null>;
  /** Closes the core, applies the copy over the live database, restarts the app. Answers before it begins. */
  restore(file: string): Promise<void>;
}

/**
 * Restore from Ajustes: the renderer never names a file itself. It can only restore the copy the user picked in the
 * system's dialog and that passed the checks (planRestore), after seeing what the copy lacks.
 */
export class RestoreFlow {
  private chosen: string | undefined;

  constructor(
    private readonly restorer: Restorer | undefined,
    private readonly plan: (file: string) => Promise<RestoreReport>,
  ) {}

  async choose(): Promise<{ report: RestoreReport | null }> {
    const restorer = this.required();
    this.chosen = undefined;
    const file = await restorer.chooseFile();
    if (!file) return { report: null };
    const report = await this.plan(file);
    this.chosen = file;
    return { report };
  }

  async restore(file: string): Promise<{ restarting: boolean }> {
    const restorer = this.required();
    if (!this.chosen || file !== this.chosen) {
      throw new CoreError('validation', 'Elija la copia con el botón «Restaurar una copia…».', [{ path: 'file', message: 'Copia no elegida' }]);
    }
    this.chosen = undefined;
    await restorer.restore(file);
    return { restarting: true };
  }

  private required(): Restorer {
    if (!this.restorer) throw new CoreError('restore_unavailable', 'La restauración no está disponible en este entorno.');
    return this.restorer;
  }
}
