// Paths come only from the system's dialogs: the renderer never names a folder or a file to read or write.
// The shell implements this with Electron's dialog; test rigs stand in for the user's choice.

export interface SaveFileRequest {
  title: string;
  /** Suggested file name, e.g. 'comprobantes-2026-11-01-al-2026-11-24.csv'. */
  defaultName: string;
  filters: { name: string; extensions: string[] }[];
}

export interface FileChooser {
  /** A folder the user picked, or null when the dialog was cancelled. */
  chooseFolder(request: { title: string; defaultPath: string }): Promise<string | null>;
  /** Where the user wants a file saved, or null when the dialog was cancelled. */
  chooseSaveFile(request: SaveFileRequest): Promise<string | null>;
  /** Opens the file's folder with the file selected (a saved PDF the cashier then attaches by hand). */
  showInFolder?(file: string): Promise<void>;
}
