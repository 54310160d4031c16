import { describe, expect, it } from 'vitest';
import { backupContract } from '../../../../shared/bridge/backup';

describe('backupContract inputs', () => {
  it('takes no input for listBackups and backupNow', () => {
    expect(backupContract.listBackups.input.safeParse({}).success).toBe(true);
    expect(backupContract.backupNow.input.safeParse({ reason: 'daily' }).success).toBe(false);
  });

  it('takes no path from the renderer: folders and files come from the system dialogs', () => {
    expect(backupContract.chooseBackupFolder.input.safeParse({ folder: '/tmp' }).success).toBe(false);
    expect('setBackupFolder' in backupContract).toBe(false);
    expect('planRestore' in backupContract).toBe(false);
    expect(backupContract.restoreBackup.input.parse({ file: ' /copias/caja.db ' })).toEqual({ file: '/copias/caja.db' });
  });

  it('checks the export range and format, in Spanish', () => {
    const input = backupContract.exportDocuments.input;
    expect(input.parse({ from: '2025-03-01', to: '2025-03-31', format: 'zip' })).toEqual({ from: '2025-03-01', to: '2025-03-31', format: 'zip' });
    expect(input.safeParse({ from: '2025-03-31', to: '2025-03-01', format: 'csv' }).error?.issues[0]).toMatchObject({
      path: ['to'], message: 'La fecha inicial es posterior a la final',
    });
    expect(input.safeParse({ from: '01/03/2025', to: '2025-03-31', format: 'csv' }).error?.issues[0]?.message).toBe('Fecha no válida: escríbala como dd/mm/aaaa');
    expect(input.safeParse({ from: '2025-03-01', to: '2025-03-31', format: 'xlsx' }).success).toBe(false);
  });
});
