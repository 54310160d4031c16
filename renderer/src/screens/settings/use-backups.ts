// State of the backups section: the folder and its copies, taking a copy now, changing the folder.
import { useCallback, useEffect, useState } from 'react';
import type { BackupInfo, BackupList, BridgeResult } from '../../../../shared/bridge';
import { call } from '../../pos';

export type BackupOutcome =
  | { kind: 'created'; backup: BackupInfo }
  | { kind: 'folder'; folder: string }
  | { kind: 'error'; text: string }
  | null;

export interface BackupsState {
  list: BackupList | null;
  loadError: string | null;
  creating: boolean;
  savingFolder: boolean;
  outcome: BackupOutcome;
  /** The core's message for a refused folder, shown on the folder field. */
  folderError: string | null;
  createNow(): Promise<void>;
  chooseFolder(): Promise<void>;
}

export function useBackups(): BackupsState {
  const [list, setList] = useState<BackupList | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [savingFolder, setSavingFolder] = useState(false);
  const [outcome, setOutcome] = useState<BackupOutcome>(null);
  const [folderError, setFolderError] = useState<string | null>(null);

  const apply = useCallback((result: BridgeResult<BackupList>) => {
    if (result.ok) {
      setList(result.value);
      setLoadError(null);
    } else {
      setLoadError(result.error.message);
    }
  }, []);
  const load = useCallback(async () => apply(await call((api) => api.listBackups({}))), [apply]);

  useEffect(() => {
    let alive = true;
    void call((api) => api.listBackups({})).then((result) => alive && apply(result));
    return () => {
      alive = false;
    };
  }, [apply]);

  const createNow = async () => {
    setCreating(true);
    setOutcome(null);
    const result = await call((api) => api.backupNow({}));
    setCreating(false);
    setOutcome(result.ok ? { kind: 'created', backup: result.value } : { kind: 'error', text: result.error.message });
    await load();
  };

  /** The system's folder dialog (the path never comes from a typed text); cancelling changes nothing. */
  const chooseFolder = async () => {
    setSavingFolder(true);
    setOutcome(null);
    const result = await call((api) => api.chooseBackupFolder({}));
    setSavingFolder(false);
    if (!result.ok) {
      setFolderError(result.error.message);
      return;
    }
    setFolderError(null);
    if (result.value.list) {
      setList(result.value.list);
      setOutcome({ kind: 'folder', folder: result.value.list.folder });
    }
  };

  return { list, loadError, creating, savingFolder, outcome, folderError, createNow, chooseFolder };
}
