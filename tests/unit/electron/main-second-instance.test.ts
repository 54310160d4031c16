// A second launch while Caja runs quits at once without touching the data (the first instance comes to the front).
import * as electron from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { FakeBrowserWindow, type FakeElectron } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;

describe('single instance', () => {
  it('quits when another instance holds the lock, before opening anything', async () => {
    fake.app.requestSingleInstanceLock.mockReturnValue(false);
    const { runMain } = await import('../../../electron/shell/run');
    const result = await runMain({ mainDir: '/nowhere/out/main', processHandlers: false, echoLog: false });
    expect(result.outcome).toBe('second');
    expect(fake.app.quit).toHaveBeenCalledTimes(1);
    expect(fake.app.whenReady).not.toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
    expect(fake.ipcMain.handle).not.toHaveBeenCalled();
  });
});
