// CDR building for the fake invoicing server (sandbox). Plain Node: never import 'electron' here.
export { buildCdrXml } from './build-cdr-xml';
export { buildCdrZip } from './build-cdr-zip';
export { acceptanceDescription, responseFileName, documentReference } from './document-naming';
export { encodeLatin1 } from './latin1';
export type { CdrBuildInput } from './types';
