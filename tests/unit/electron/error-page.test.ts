import { describe, expect, it } from 'vitest';
import { MigrationError, StorageError } from '../../../electron/core/db';
import { describeStartupFailure, errorPageDataUrl, renderErrorPage } from '../../../electron/shell/error-page';

describe('startup error screen', () => {
  it('explains a database from a newer Caja, with its path and what to do', () => {
    const error = new MigrationError('newer_database', 'La base de datos tiene migraciones desconocidas', {
      dbPath: '/home/ana/.config/Caja/caja.db',
      version: 9,
    });
    const failure = describeStartupFailure(error, '/fallback/caja.db');
    expect(failure.title).toBe('La base de datos es de una versión más reciente de Caja');
    expect(failure.dbPath).toBe('/home/ana/.config/Caja/caja.db');
    expect(failure.steps.join(' ')).toMatch(/Instale la versión más reciente de Caja/);
    const html = renderErrorPage(failure);
    expect(html).toContain('/home/ana/.config/Caja/caja.db');
    expect(html).toContain('lang="es-PE"');
    expect(html).toContain('MigrationError (newer_database)');
  });

  it('explains a failed migration and a file that cannot be opened', () => {
    const failed = describeStartupFailure(new MigrationError('failed', 'falló 0002', { dbPath: '/d/caja.db' }), '/x');
    expect(failed.title).toBe('No se pudo actualizar la base de datos');
    const cantOpen = Object.assign(new Error('unable to open database file'), { code: 'SQLITE_CANTOPEN' });
    const failure = describeStartupFailure(cantOpen, 'C:\\Users\\ana\\AppData\\Roaming\\Caja\\caja.db');
    expect(failure.title).toBe('No se pudo abrir la base de datos');
    expect(failure.dbPath).toBe('C:\\Users\\ana\\AppData\\Roaming\\Caja\\caja.db');
    expect(failure.steps.join(' ')).toMatch(/permisos|pueda escribir/);
  });

  it('says what the storage failure was: in use, full disk, damage', () => {
    const inUse = describeStartupFailure(new StorageError('in_use', 'Caja ya está abierta con estos datos (/d): otra ventana…', '/d/caja.lock'), '/d/caja.db');
    expect(inUse.title).toBe('Caja ya está abierta');
    expect(inUse.explanation).toMatch(/^Caja ya está abierta con estos datos/);
    const full = describeStartupFailure(new StorageError('disk_full', 'No hay espacio en el disco: Caja no abrió la base de datos.', '/d/caja.db'), '/x');
    expect(full.title).toBe('No hay espacio en el disco');
    expect(full.steps.join(' ')).toMatch(/no está dañada/);
    const damaged = describeStartupFailure(new StorageError('empty', 'El archivo de datos de Caja está vacío (0 bytes)…', '/d/caja-demo.db'), '/x');
    expect(damaged.title).toBe('La base de datos de Caja está dañada');
    expect(damaged.dbPath).toBe('/d/caja-demo.db');
  });

  it('is static: no script, a locked-down CSP, and every text escaped', () => {
    const failure = describeStartupFailure(
      Object.assign(new Error('<img src=x onerror=alert(1)>'), { dbPath: '/tmp/<script>alert(1)</script>/caja.db' }),
      '/x',
    );
    const html = renderErrorPage(failure);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"`);
    const url = errorPageDataUrl(failure);
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length))).toBe(html);
  });
});
