// Built-in fixtures merged with the caller's seed (a seeded entry with the same key replaces the built-in one).
import type { Citizen, Guide, ReceiptRecord } from '../../../shared/api';
import { recordKey } from '../records';
import type { SandboxSeed, Taxpayer } from '../types';
import { SEED_CITIZENS } from './citizens';
import { guideKey, SEED_GUIDES } from './guides';
import { SEED_RECORDS } from './records';
import { SEED_TAXPAYERS } from './taxpayers';

export interface Fixtures {
  citizens: ReadonlyMap<string, Citizen>;
  guides: ReadonlyMap<string, Guide>;
  records: ReadonlyMap<string, ReceiptRecord>;
  taxpayers: ReadonlyMap<string, Taxpayer>;
}

function byKey<T>(builtIn: T[], extra: T[] | undefined, key: (item: T) => string): Map<string, T> {
  return new Map([...builtIn, ...(extra ?? [])].map((item) => [key(item), item]));
}

export function buildFixtures(seed: SandboxSeed = {}): Fixtures {
  return {
    citizens: byKey(SEED_CITIZENS, seed.citizens, (c) => c.numero),
    guides: byKey(SEED_GUIDES, seed.guides, guideKey),
    records: byKey(SEED_RECORDS, seed.records, recordKey),
    taxpayers: byKey(SEED_TAXPAYERS, seed.taxpayers, (t) => t.ruc),
  };
}

export { SEED_CITIZENS, SEED_GUIDES, SEED_RECORDS, SEED_TAXPAYERS };
