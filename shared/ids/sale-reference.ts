// Finding a sale at the till's return: the text of its ticket's QR ("RUC|03|B001|24|IGV|TOTAL|date|..."),
// as SUNAT's QR lists it (docs/sunat/reference.md §6), or its number as printed ("B001-00000024", "b001-24").
export interface SaleReference {
  docType: '01' | '03' | null;
  series: string;
  number: number;
}

export function parseSaleReference(text: string): SaleReference | null {
  const t = text.trim();
  const qr = /^\d{11}\|(01|03)\|([A-Z0-9]{4})\|0*(\d{1,8})\|/i.exec(t);
  if (qr) return { docType: qr[1] as '01' | '03', series: qr[2]!.toUpperCase(), number: Number(qr[3]) };
  const printed = /^([BF][A-Z0-9]{3})\s*-\s*0*(\d{1,8})$/i.exec(t);
  if (printed && Number(printed[2]) > 0) return { docType: null, series: printed[1]!.toUpperCase(), number: Number(printed[2]) };
  return null;
}
