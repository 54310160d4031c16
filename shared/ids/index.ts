export { rucCheckDigit, isValidRuc } from './ruc';
export { isValidDni } from './dni';
export { isValidSeries } from './series';
export { isValidCorrelative, formatCorrelative, padCorrelative, parseDocumentRef, MAX_CORRELATIVE } from './correlative';
export { ean13CheckDigit, isValidEan13 } from './ean13';
