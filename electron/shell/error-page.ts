// The screen shown instead of the app when the database cannot be opened or migrated: a static page in Spanish
// (no script) with the file's path and what to do. Built as text so it can be tested without a window.

export interface StartupFailure {
  title: string;
  explanation: string;
  steps: string[];
  dbPath: string | undefined;
  technical: string;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  dbPath?: unknown;
}

/** Reads a createCore failure (MigrationError has code and dbPath; better-sqlite3 errors have a SQLITE_* code). */
export function describeStartupFailure(error: unknown, fallbackDbPath: string): StartupFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const dbPath = typeof e.dbPath === 'string' ? e.dbPath : fallbackDbPath;
  const code = typeof e.code === 'string' ? e.code : '';
  const technical = `${typeof e.name === 'string' ? e.name : 'Error'}${code ? ` (${code})` : ''}: ${message}`;

  if (e.name === 'MigrationError' && (code === 'newer_database' || code === 'unknown_migration')) {
    return {
      title: 'La base de datos es de una versión más reciente de Caja',
      explanation:
        'Este archivo fue actualizado por una versión de Caja más nueva que la instalada. Para no dañarlo, Caja no lo abrió ni lo modificó.',
      steps: [
        'Instale la versión más reciente de Caja y vuelva a abrirla.',
        'No borre ni mueva el archivo: contiene sus comprobantes emitidos.',
      ],
      dbPath,
      technical,
    };
  }
  if (e.name === 'MigrationError') {
    return {
      title: 'No se pudo actualizar la base de datos',
      explanation:
        'Caja no pudo aplicar una actualización a la base de datos. La actualización se deshizo y el archivo quedó como estaba.',
      steps: [
        'Cierre Caja y vuelva a abrirla.',
        'Si el problema continúa, haga una copia del archivo indicado abajo y comuníquese con soporte técnico.',
        'No borre el archivo: contiene sus comprobantes emitidos.',
      ],
      dbPath,
      technical,
    };
  }
  // The core's own check of its file and folder: its message is already Spanish and says what happened.
  if (e.name === 'StorageError') {
    const damage = code === 'corrupt' || code === 'empty' || code === 'not_sqlite';
    const title =
      code === 'in_use' ? 'Caja ya está abierta'
        : code === 'disk_full' ? 'No hay espacio en el disco'
          : code === 'read_only' ? 'El disco está en solo lectura'
            : code === 'io' ? 'El disco no responde bien'
              : code === 'missing' ? 'No se encontró la base de datos de Caja'
                : code === 'foreign' ? 'El archivo no es una base de datos de Caja'
                  : damage ? 'La base de datos de Caja está dañada' : 'No se pudo abrir la base de datos';
    const steps = damage
      ? ['Cierre Caja y vuelva a abrirla: se ofrecerá restaurar la última copia en buen estado.', 'No borre el archivo: contiene sus comprobantes emitidos.']
      : code === 'in_use'
        ? ['Cierre la otra ventana de Caja y vuelva a abrirla.', 'Si no hay otra abierta, reinicie la computadora.']
        : ['Resuelva lo indicado arriba y vuelva a abrir Caja. La base de datos no está dañada: no hace falta restaurar una copia.'];
    return { title, explanation: message, steps, dbPath, technical };
  }
  return {
    title: 'No se pudo abrir la base de datos',
    explanation: 'Caja no pudo abrir el archivo donde guarda sus ventas y comprobantes.',
    steps: [
      'Verifique que la carpeta exista, que haya espacio libre en el disco y que su usuario pueda escribir en ella.',
      'Verifique que ningún otro programa (antivirus, copia de seguridad, otra copia de Caja) esté usando el archivo.',
      'Cierre Caja y vuelva a abrirla. Si el problema continúa, comuníquese con soporte técnico.',
    ],
    dbPath,
    technical,
  };
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The page's own policy: nothing may load or run; the inline <style> is the only thing allowed. */
export const ERROR_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

export function renderErrorPage(failure: StartupFailure): string {
  const steps = failure.steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('\n      ');
  const where = failure.dbPath
    ? `<p>Archivo de la base de datos:</p>\n    <pre class="path">${escapeHtml(failure.dbPath)}</pre>`
    : '';
  return `<!doctype html>
<html lang="es-PE">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="${ERROR_PAGE_CSP}">
  <title>Caja — ${escapeHtml(failure.title)}</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; padding: 32px 40px; color: #1f2933; background: #fff8f1; }
    h1 { font-size: 22px; color: #9a3412; margin: 0 0 12px; }
    p, li { font-size: 15px; line-height: 1.5; }
    .path { user-select: all; background: #fff; border: 1px solid #e5d3c0; padding: 8px 10px; white-space: pre-wrap; word-break: break-all; }
    details { margin-top: 24px; color: #52606d; font-size: 13px; }
  </style>
</head>
<body>
  <main>
    <h1>${escapeHtml(failure.title)}</h1>
    <p>${escapeHtml(failure.explanation)}</p>
    ${where}
    <p>Qué hacer:</p>
    <ol>
      ${steps}
    </ol>
    <details><summary>Detalle técnico</summary><pre>${escapeHtml(failure.technical)}</pre></details>
  </main>
</body>
</html>
`;
}

/** For BrowserWindow.loadURL. */
export function errorPageDataUrl(failure: StartupFailure): string {
  return `data:text/html;charset=utf-8,${encodeURIComponent(renderErrorPage(failure))}`;
}
