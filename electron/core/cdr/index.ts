// CDR (Constancia de Recepción) reading. Plain Node: never import 'electron' here.
export { CDR_LIMITS, CDR_XML_MAX_CHARS, isRefusedCdr, readCdrZip, unreadableCdrMessage, unzipCdr } from './read-cdr-zip';
export { listZip, readZipEntry, ZipRefused, type ZipEntryInfo, type ZipLimits, type ZipRefusal } from './bounded-unzip';
export { readCdrXml } from './read-cdr-xml';
export { decodeXmlBytes } from './decode-xml-bytes';
export { classifyCdrCode, classifyCdr, type CdrCodeClass } from './classify-cdr-code';
export { CdrError, type CdrErrorCode, type CdrInfo } from './types';
