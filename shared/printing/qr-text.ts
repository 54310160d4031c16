// The text of the QR code printed on every boleta and factura (docs/sunat/reference.md §6.2):
//   RUC|TIPO|SERIE|NUMERO|IGV|TOTAL|FECHA|TIPO_DOC_CLIENTE|NUM_DOC_CLIENTE|HASH|
// Amounts with two decimals and a dot, the date as YYYY-MM-DD (Lima), the number without padding, the hash empty
// until the API returns it; the trailing pipe is always there.
import Decimal from 'decimal.js';

export interface QrFields {
  ruc: string;
  docType: '01' | '03' | '07' | '08';
  series: string;
  /** The correlative as stored; leading zeros are dropped. */
  number: string | number;
  igv: string | number;
  total: string | number;
  /** Lima issue date, YYYY-MM-DD. */
  issueDate: string;
  customerDocType: string;
  customerDocNumber: string;
  /** The signature's digest value ("Resumen"); null or '' before the API answered. */
  hash: string | null;
}

const twoDecimals = (value: string | number) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** '00000012' → '12', 12 → '12', '0' → '0'. */
function unpadded(number: string | number): string {
  const text = String(number).trim();
  return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : text;
}

/** A field may not contain the separator: a stray pipe would shift every field after it for a scanner. */
const field = (value: string) => value.trim().replace(/\|/g, '');

export function qrText(f: QrFields): string {
  const fields = [
    field(f.ruc),
    f.docType,
    field(f.series),
    unpadded(f.number),
    twoDecimals(f.igv),
    twoDecimals(f.total),
    field(f.issueDate),
    field(f.customerDocType),
    field(f.customerDocNumber),
    field(f.hash ?? ''),
  ];
  return `${fields.join('|')}|`;
}
