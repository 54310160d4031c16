// The system's dialogs for the core's FileChooser: a folder for the backups, a place to save an export. The renderer
// only asks for a dialog; the path comes from the user's choice here.
import type { BrowserWindow, Dialog, OpenDialogOptions, SaveDialogOptions, Shell } from 'electron';
import type { FileChooser } from '../core/services/file-chooser';

export interface FileChooserDeps {
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>;
  shell: Pick<Shell, 'showItemInFolder'>;
  parent: () => BrowserWindow | undefined;
  /** Folder the save dialog opens in (the user's documents). */
  documentsFolder: () => string;
}

export function createFileChooser(deps: FileChooserDeps): FileChooser {
  const owner = () => {
    const parent = deps.parent();
    return parent && !parent.isDestroyed() ? parent : undefined;
  };
  return {
    async chooseFolder({ title, defaultPath }) {
      const options: OpenDialogOptions = { title, defaultPath, properties: ['openDirectory', 'createDirectory'] };
      const parent = owner();
      const answer = await (parent ? deps.dialog.showOpenDialog(parent, options) : deps.dialog.showOpenDialog(options));
      return answer.canceled ? null : (answer.filePaths[0] ?? null);
    },
    async chooseSaveFile({ title, defaultName, filters }) {
      const options: SaveDialogOptions = { title, defaultPath: `${deps.documentsFolder()}/${defaultName}`, filters };
      const parent = owner();
      const answer = await (parent ? deps.dialog.showSaveDialog(parent, options) : deps.dialog.showSaveDialog(options));
      return answer.canceled || !answer.filePath ? null : answer.filePath;
    },
    async showInFolder(file) {
      deps.shell.showItemInFolder(file);
    },
  };
}
