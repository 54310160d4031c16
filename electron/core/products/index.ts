// The product catalogue of the core: service (bridge methods), CSV reading and writing, demo seed.
export { ProductsService, toProduct } from './service';
export { readProductsCsv, writeProductsCsv, CSV_COLUMNS, type ProductsCsvReading } from './products-csv';
export { parseCsv, writeCsv, csvField, readCsvCell, type CsvRecord } from './csv';
export { seedDemoProducts, DEMO_PRODUCTS } from './demo-products';
export { ean13CheckDigit, isValidEan13 } from '../../../shared/ids/ean13';
