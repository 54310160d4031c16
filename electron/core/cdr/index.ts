// CDR (Constancia de Recepción) reading. Plain Node: never import 'electron' here.
export { readCdrZip, unzipCdr } from './read-cdr-zip';
export { readCdrXml } from './read-cdr-xml';
export { decodeXmlBytes } from './decode-xml-bytes';
export { classifyCdrCode, classifyCdr, type CdrCodeClass } from './classify-cdr-code';
export { CdrError, type CdrErrorCode, type CdrInfo } from './types';
