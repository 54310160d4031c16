// Reads the proposal file SIRE gives (its text), tolerantly: "|" or "," or tab as separator, with or without its
// header row, numbers with or without leading zeros, amounts with a dot. Columns are found by their header when there
// is one (SUNAT's export has added columns before, e.g. an "ID" after the RUC), else at the layout's positions.
import Decimal from 'decimal.js';

const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -50, toExpPos: 50 });

export interface ProposalRow {
  docType: string;
  series: string;
  number: number;
  /** Total of the document as SUNAT holds it (signed as written), or null when the cell is not a number. */
  total: Decimal | null;
  currency: string;
}

/** Positions (0-based) in the proposal's layout (docs/sunat/sire-rvie.md) when the file has no header row. */
const POSITIONS = { docType: 6, series: 7, number: 8, total: 25, currency: 26 } as const;

/** How each column's header reads, lower-cased and without accents. */
const HEADERS: Record<keyof typeof POSITIONS, (h: string) => boolean> = {
  docType: (h) => h.startsWith('tipo cp/doc') || h === 'tipo cp' || h === 'tipo de comprobante',
  series: (h) => h.startsWith('serie del cdp') || h === 'serie' || h === 'serie cdp',
  number: (h) => h.startsWith('nro cp o doc') || h === 'numero' || h === 'nro cp',
  total: (h) => h === 'total cp' || h === 'total' || h === 'importe total',
  currency: (h) => h === 'moneda' || h === 'codigo de moneda',
};

export function readProposal(textIn: string): ProposalRow[] {
  const lines = textIn.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return [];
  const sep = separatorOf(lines[0]!);
  let positions: Record<keyof typeof POSITIONS, number> = { ...POSITIONS };
  let start = 0;
  const first = split(lines[0]!, sep).map(plain);
  if (first.some((h) => HEADERS.series(h))) {
    start = 1;
    const found = { ...POSITIONS };
    for (const key of Object.keys(HEADERS) as (keyof typeof POSITIONS)[]) {
      const at = first.findIndex(HEADERS[key]);
      if (at >= 0) found[key] = at as never;
    }
    positions = found;
  }
  const rows: ProposalRow[] = [];
  for (const line of lines.slice(start)) {
    const cells = split(line, sep);
    const docType = (cells[positions.docType] ?? '').trim().padStart(2, '0');
    const series = (cells[positions.series] ?? '').trim().toUpperCase();
    const numberText = (cells[positions.number] ?? '').trim();
    if (!/^\d{2}$/.test(docType) || series === '' || !/^\d{1,20}$/.test(numberText)) continue;
    rows.push({
      docType,
      series,
      number: Number(numberText),
      total: amount(cells[positions.total] ?? ''),
      currency: (cells[positions.currency] ?? '').trim().toUpperCase(),
    });
  }
  return rows;
}

function separatorOf(line: string): string {
  if (line.includes('|')) return '|';
  if (line.includes('\t')) return '\t';
  return ',';
}

/** Splits one line; a comma-separated file may quote cells ("Pérez, Juan"). */
function split(line: string, sep: string): string[] {
  if (sep !== ',') return line.split(sep);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

function plain(header: string): string {
  return header.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

function amount(cell: string): Decimal | null {
  const t = cell.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? new Dec(t) : null;
}
