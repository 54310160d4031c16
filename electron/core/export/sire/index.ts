// The accountant's sales register in SIRE's layout (RVIE) and its check against SUNAT's proposal. Plain Node.
export { SireService, type SireServiceOptions } from './service';
export { RVIE_FIELDS, sireFileName, registerLine, type SireCompany } from './register';
export { readProposal, type ProposalRow } from './proposal';
