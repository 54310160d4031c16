// The stock reports as CSV, through the one CSV writer of every export (export/csv.ts: quoting, formulas
// neutralised): the valued stock by product with its category and the total, and a product's kardex.
import type { ProductsFile } from '../../../shared/bridge/products';
import type { StockCsvInput } from '../../../shared/bridge/stock-reports';
import { Dec } from '../../../shared/billing/decimal';
import { limaDate, limaDateTime } from '../../../shared/catalog';
import { writeCsv, type CsvCell } from '../export/csv';
import type { StockService } from './service';

const KIND_LABELS: Record<string, string> = {
  sale: 'Venta', return: 'Devolución', void: 'Anulación', purchase: 'Compra', count: 'Ajuste de inventario', transfer: 'Traslado', waste: 'Merma',
};

/** 'YYYY-MM-DDTHH:mm:ss…' as the shop reads it: dd/mm/aaaa hh:mm, Lima time. */
const limaText = (iso: string) => {
  const lima = limaDateTime(new Date(iso));
  return `${lima.slice(8, 10)}/${lima.slice(5, 7)}/${lima.slice(0, 4)} ${lima.slice(11, 16)}`;
};

export function stockCsv(stock: StockService, input: StockCsvInput, now: Date): ProductsFile {
  const today = limaDate(now);
  if (input.kind === 'stock') {
    const rows = stock.stock(undefined, input.low ?? false);
    const total = rows.reduce((sum, r) => sum.plus(r.value), new Dec(0));
    const body: CsvCell[][] = rows.map((r) => [r.code, r.description, r.category, r.quantity, r.minimum ?? '', r.averageCost, r.value]);
    return {
      fileName: `${input.low ? 'stock-bajo' : 'stock-valorizado'}-${today}.csv`,
      csv: writeCsv([['codigo', 'descripcion', 'categoria', 'stock', 'minimo', 'costo_promedio', 'valor'], ...body, ['TOTAL', '', '', '', '', '', total.toFixed(2)]]),
    };
  }
  // The days are Lima's: the kardex reads instants.
  const from = input.from === undefined ? undefined : new Date(`${input.from}T00:00:00.000-05:00`).toISOString();
  const to = input.to === undefined ? undefined : new Date(`${input.to}T23:59:59.999-05:00`).toISOString();
  const rows = stock.kardex({ code: input.code, from, to, limit: 100_000 });
  const code = stock.stock([input.code])[0]?.code ?? input.code.trim();
  const body: CsvCell[][] = rows.map((r) => [limaText(r.at), KIND_LABELS[r.kind] ?? r.kind, r.document ?? '', r.quantityIn, r.quantityOut, r.balance, r.unitCost, r.balanceValue]);
  return {
    fileName: `kardex-${code}-${input.from ?? 'inicio'}-al-${input.to ?? today}.csv`,
    csv: writeCsv([['fecha', 'movimiento', 'documento', 'entrada', 'salida', 'saldo', 'costo_unitario', 'valor_saldo'], ...body]),
  };
}
