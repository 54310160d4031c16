// Exports for the accountant: CSV of documents and a zip of sent JSON + CDR XML. Plain Node.
export { ExportService, MAX_ZIP_DOCUMENTS, type ExportServiceOptions } from './service';
export { CSV_COLUMNS, csvHeader, csvRow } from './documents-csv';
export { documentsZip, sunatBaseName, VOID_PREFIX, ZIP_CSV_NAME } from './documents-zip';
export { exportRows, exportRowsStatement, forEachExportRow, type ExportRange, type ExportRow } from './documents-query';
export { categoryAmounts, type CategoryAmounts } from './amounts';
export { csvAmount, csvField, csvLine, readCsvCell, writeCsv, type CsvAmount, type CsvCell } from './csv';
