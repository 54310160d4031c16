// The only thing the renderer gets from Electron: `window.pos` (the bridge). No Node, no ipcRenderer, nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { createPosApi } from './shell/pos-api';

contextBridge.exposeInMainWorld('pos', createPosApi(ipcRenderer));
