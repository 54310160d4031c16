// RFC 4180 CSV: comma separated, CRLF line ends, a field is quoted when it holds a comma, a quote, CR or LF, and a
// quote inside a quoted field is doubled.

export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
