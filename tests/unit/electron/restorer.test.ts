import { describe, expect, it, vi } from 'vitest';
import { createRestorer, type RestorerDeps } from '../../../electron/shell/restorer';

function deps(over: Partial<RestorerDeps> = {}) {
  const order: string[] = [];
  const tasks: (() => void)[] = [];
  const d: RestorerDeps = {
    dialog: {
      showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/copias/caja-20261120-230000-daily.db'] })),
      showErrorBox: vi.fn(() => void order.push('error')),
    } as unknown as RestorerDeps['dialog'],
    parent: () => undefined,
    defaultFolder: () => '/copias',
    dbPath: '/datos/caja.db',
    migrationsDir: '/app/migrations',
    closeCore: vi.fn(async () => void order.push('close')),
    applyRestore: vi.fn(async () => {
      order.push('apply');
      return {} as never;
    }) as unknown as RestorerDeps['applyRestore'],
    restart: vi.fn(() => void order.push('restart')),
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    later: (task) => void tasks.push(task),
    ...over,
  };
  const flush = async () => {
    for (const t of tasks.splice(0)) t();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { d, order, flush };
}

describe('restore from Ajustes (shell side)', () => {
  it('asks for a .db file in the backups folder; a cancelled dialog chooses nothing', async () => {
    const { d } = deps();
    expect(await createRestorer(d).chooseFile()).toBe('/copias/caja-20261120-230000-daily.db');
    expect(d.dialog.showOpenDialog).toHaveBeenCalledWith(expect.objectContaining({ defaultPath: '/copias', properties: ['openFile'] }));
    const cancelled = deps({
      dialog: { showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })), showErrorBox: vi.fn() } as unknown as RestorerDeps['dialog'],
    });
    expect(await createRestorer(cancelled.d).chooseFile()).toBeNull();
  });

  it('answers first, then closes the core, applies the copy and restarts, in that order', async () => {
    const { d, order, flush } = deps();
    await createRestorer(d).restore('/copias/caja-20261120-230000-daily.db');
    expect(order).toEqual([]);
    await flush();
    expect(order).toEqual(['close', 'apply', 'restart']);
    expect(d.applyRestore).toHaveBeenCalledWith('/copias/caja-20261120-230000-daily.db', '/datos/caja.db', {
      backupFolder: '/copias', migrationsDir: '/app/migrations',
    });
  });

  it('tells the user and restarts on the old database when the copy cannot be applied', async () => {
    const { d, order, flush } = deps({
      applyRestore: vi.fn(async () => {
        throw new Error('La copia no pasó la verificación');
      }) as unknown as RestorerDeps['applyRestore'],
    });
    await createRestorer(d).restore('/copias/x.db');
    await flush();
    expect(order).toEqual(['close', 'error', 'restart']);
    expect(d.dialog.showErrorBox).toHaveBeenCalledWith('No se pudo restaurar la copia', expect.stringContaining('no pasó la verificación'));
  });
});
