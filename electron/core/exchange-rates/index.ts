export { ExchangeRatesRepository, type ExchangeRateRow, type RateSource } from './repository';
export { ExchangeRatesService, type ExchangeRatesDeps } from './service';
