export { BusinessSummaryService, NO_SHOP_SERVER, previousRange } from './service';
export { periodFigures, money, type PeriodSums, type SalesSumRow, type MethodSumRow, type ProductSumRow } from './figures';
export { ProductCategories, PRODUCT_CATEGORY_SQL } from './categories';
export { TillSums, SUMMARY_SALES_SQL, SUMMARY_CASHIERS_SQL, SUMMARY_METHODS_SQL, SUMMARY_PRODUCTS_SQL } from './till-sums';
