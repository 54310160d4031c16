// The application menu, in Spanish: quit, the usual editing commands (copy/paste shortcuts need them on some
// systems), zoom and full screen, the logs folder. Reload and developer tools only in development.
import type { MenuItemConstructorOptions } from 'electron';

export function menuTemplate(options: { isDev: boolean; openLogsFolder: () => void }): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom', label: 'Tamaño real' },
    { role: 'zoomIn', label: 'Acercar' },
    { role: 'zoomOut', label: 'Alejar' },
    { type: 'separator' },
    { role: 'togglefullscreen', label: 'Pantalla completa' },
  ];
  if (options.isDev) {
    view.push({ type: 'separator' }, { role: 'reload', label: 'Recargar' }, { role: 'toggleDevTools', label: 'Herramientas de desarrollo' });
  }
  return [
    { label: 'Archivo', submenu: [{ role: 'quit', label: 'Salir' }] },
    {
      label: 'Editar',
      submenu: [
        { role: 'undo', label: 'Deshacer' },
        { role: 'redo', label: 'Rehacer' },
        { type: 'separator' },
        { role: 'cut', label: 'Cortar' },
        { role: 'copy', label: 'Copiar' },
        { role: 'paste', label: 'Pegar' },
        { role: 'selectAll', label: 'Seleccionar todo' },
      ],
    },
    { label: 'Ver', submenu: view },
    { label: 'Ayuda', submenu: [{ label: 'Abrir la carpeta de registros', click: options.openLogsFolder }] },
  ];
}
