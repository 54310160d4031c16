// All repositories of one open database. Build them once per Db: each prepares its statements in its constructor.
import type { Clock, Db } from '../types';
import { CashRepository } from './cash';
import { CatalogSyncRepository } from './catalog-sync';
import { CustomersRepository } from './customers';
import { DiscountsRepository } from './discounts';
import { DocumentsRepository } from './documents';
import { LookupsRepository } from './lookups';
import { PaymentsRepository } from './payments';
import { ReplicationRepository } from './replication';
import { UsersRepository } from './users';
import { SeriesRepository } from './series';
import { SettingsRepository } from './settings';

export interface Repositories {
  settings: SettingsRepository;
  series: SeriesRepository;
  documents: DocumentsRepository;
  customers: CustomersRepository;
  lookups: LookupsRepository;
  payments: PaymentsRepository;
  users: UsersRepository;
  cash: CashRepository;
  discounts: DiscountsRepository;
  replication: ReplicationRepository;
  catalogSync: CatalogSyncRepository;
}

export function createRepositories(db: Db, now: Clock = () => new Date()): Repositories {
  return {
    settings: new SettingsRepository(db),
    series: new SeriesRepository(db),
    documents: new DocumentsRepository(db, now),
    customers: new CustomersRepository(db, now),
    lookups: new LookupsRepository(db, now),
    payments: new PaymentsRepository(db),
    users: new UsersRepository(db, now),
    cash: new CashRepository(db, now),
    discounts: new DiscountsRepository(db),
    replication: new ReplicationRepository(db),
    catalogSync: new CatalogSyncRepository(db, now),
  };
}

export { CashRepository, CatalogSyncRepository, CustomersRepository, DiscountsRepository, DocumentsRepository, LookupsRepository, PaymentsRepository, ReplicationRepository, SeriesRepository, SettingsRepository, UsersRepository };
export type { UserRow } from './users';
export type { LineDiscountRecord } from './discounts';
export type { QueuedDocument, SetAsideDocument } from './replication';
export type { CatalogChange, SharedProduct, SharedUser } from './catalog-sync';
export { sessionView, type CashSessionRow } from './cash';
export { cdrNotesOf } from './documents';
export type { ClaimedDocument } from './documentQueue';
export { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT } from './documentSearch';
export * from './products';
export * from './numbering';
export { NotesRepository, type NoteDetailRow, type NoteOfDocument } from './notes';
export { VoidsRepository, VOID_STATUSES, type VoidRow, type VoidStatus, type VoidEndpoint } from './voids';
