// The note series a till issues, read from a database's own settings on a raw connection (restore and recovery work
// on files the core has not opened). A copy made before the till issued notes, or before the core started on it, may
// not have them in `series` yet, while the lost file used them: a hold placed only on the registered series would
// leave them free to start again at 1, over numbers SUNAT already holds.
import type Database from 'better-sqlite3';
import type { KnownLast } from '../db';
import { noteSeriesFor } from '../services/settings';

const SERIES = /^[BF][A-Z0-9]{3}$/;

function setting(sqlite: Database.Database, key: string): Record<string, unknown> | undefined {
  try {
    const text = sqlite.prepare('SELECT value FROM main.settings WHERE key = ?').pluck().get(key) as string | undefined;
    const value: unknown = text === undefined ? undefined : JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // unreadable settings name nothing: the registered series are still held
  }
}

const named = (v: unknown): v is string => typeof v === 'string' && SERIES.test(v);

/**
 * The note series the settings name ('noteSeries', else those following the invoice series of 'series', as the core
 * names them), as KnownLast entries with nothing known used (a hold keeps the highest known anyway). Empty when the
 * settings name no series: the core's defaults then follow the invoice series already registered and held.
 */
export function noteSeriesNamed(sqlite: Database.Database): KnownLast[] {
  const notes = setting(sqlite, 'noteSeries');
  let names: { creditBoleta: unknown; creditFactura: unknown; debitBoleta: unknown; debitFactura: unknown } | undefined;
  if (notes && named(notes.creditBoleta) && named(notes.creditFactura) && named(notes.debitBoleta) && named(notes.debitFactura)) {
    names = { creditBoleta: notes.creditBoleta, creditFactura: notes.creditFactura, debitBoleta: notes.debitBoleta, debitFactura: notes.debitFactura };
  } else {
    const invoice = setting(sqlite, 'series');
    if (invoice && named(invoice.boleta) && named(invoice.factura)) names = noteSeriesFor({ boleta: invoice.boleta, factura: invoice.factura });
  }
  if (!names) return [];
  const entries: [KnownLast['docType'], unknown][] = [
    ['07', names.creditBoleta],
    ['07', names.creditFactura],
    ['08', names.debitBoleta],
    ['08', names.debitFactura],
  ];
  return entries.flatMap(([docType, series]) => (named(series) ? [{ docType, series, last: 0 }] : []));
}
