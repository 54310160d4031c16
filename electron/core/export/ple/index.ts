export { KardexBookService } from './service';
export type { PleBook } from './kardex-lines';
