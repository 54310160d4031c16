// This till's side of the shared records: what it sends (products, staff members, the shop-wide settings)
// and how a record decided by the server is written here. A record another till wrote is read as this version's
// shape before it is applied; anything else is skipped (a newer Caja's shape never breaks this till).
import { z } from 'zod';
import { RoleSchema } from '../../../../shared/users/roles';
import { ProductCategorySchema } from '../../../../shared/bridge/products';
import type { CatalogSyncRepository, SettingsRepository, SharedProduct } from '../../db';
import type { SignInRepository } from '../../db/repositories/sign-in';
import type { SettingsService } from '../../services/settings';
import type { TillRecords } from './exchange';
import type { ProductValue, ServerRow, SharedKind, StaffValue } from './server-records';

/** The settings every till of a shop shares through the server. */
export const SHARED_SETTINGS: readonly string[] = ['company', 'paymentMethods'];

const VERSIONS_KEY = 'shopSettingVersions';

/** A staff member's shared key: the name lower-cased as SQLite's lower() does (ASCII letters only, 0021's triggers). */
export const staffKey = (name: string): string => name.replace(/[A-Z]/g, (c) => c.toLowerCase());

const ProductValueSchema = z.object({
  description: z.string().min(1), unit: z.string().min(1), price: z.string().regex(/^\d+(\.\d+)?$/),
  affectation: z.enum(['10', '20']), bag: z.boolean(), active: z.boolean(), wholeUnits: z.boolean().nullable(),
  // Absent from a server before its migration 0011: the till keeps what it has.
  freePrice: z.boolean().optional(),
  // Absent from a server before its migration 0018: the till keeps what it has. Read as the till's own rule.
  category: ProductCategorySchema.optional(),
});

const StaffValueSchema = z.object({
  name: z.string().min(2).max(40), role: RoleSchema, pinHash: z.string().min(1), pinSalt: z.string().min(1), active: z.boolean(),
});

export interface TillRecordsDeps {
  catalog: CatalogSyncRepository;
  settings: SettingsService;
  settingsRepo: SettingsRepository;
  /** Failed PINs and waits (0023), shared with every till (server 0010). */
  signIn?: SignInRepository;
}

const LockoutStateSchema = z.object({
  failures: z.number(), level: z.number(), waitStartedAt: z.number().nullable(), waitMs: z.number(), clears: z.number(),
});

export function tillRecords({ catalog, settings, settingsRepo, signIn }: TillRecordsDeps): TillRecords & { settingVersion(key: string): number | null } {
  const versions = (): Record<string, number> => {
    const stored = settingsRepo.get<Record<string, number>>(VERSIONS_KEY);
    return stored && typeof stored === 'object' ? stored : {};
  };
  const setVersion = (key: string, version: number) => settingsRepo.set(VERSIONS_KEY, { ...versions(), [key]: version });

  const local = (kind: SharedKind, key: string): unknown => {
    if (kind === 'product') {
      const p = catalog.product(key);
      if (!p) return undefined;
      const value: ProductValue = {
        description: p.description, unit: p.unit, price: p.price, affectation: p.affectation, bag: p.bag === 1, active: p.active === 1,
        wholeUnits: p.whole_units === null || p.whole_units === undefined ? null : p.whole_units === 1,
        freePrice: p.free_price === 1,
        category: p.category,
      };
      return value;
    }
    if (kind === 'user') {
      const u = catalog.user(key);
      if (!u) return undefined;
      const value: StaffValue = { name: u.name, role: u.role, pinHash: u.pin_hash, pinSalt: u.pin_salt, active: u.active === 1 };
      return value;
    }
    if (kind === 'lockout') return signIn?.lockoutOf(key) ?? undefined;
    return SHARED_SETTINGS.includes(key) ? settingsRepo.get(key) : undefined;
  };

  const adopt = (kind: SharedKind, rows: readonly ServerRow[]): number => {
    if (kind === 'product') {
      const products: SharedProduct[] = [];
      for (const r of rows) {
        const v = ProductValueSchema.safeParse(r.value);
        if (v.success) products.push({ code: r.key, ...v.data, version: r.version });
      }
      return catalog.applyPulled(products);
    }
    if (kind === 'user') {
      const users = rows.flatMap((r) => {
        const v = StaffValueSchema.safeParse(r.value);
        return v.success && r.key === staffKey(v.data.name) ? [{ key: r.key, ...v.data, version: r.version }] : [];
      });
      return catalog.applyPulledUsers(users);
    }
    if (kind === 'lockout') {
      // Merged with this till's own (mergeLockouts: commutative and idempotent, this till's own row included).
      return rows.filter((r) => {
        const state = LockoutStateSchema.safeParse(r.value);
        return state.success && signIn !== undefined && signIn.applyRemoteLockout(r.key, state.data);
      }).length;
    }
    const known = versions();
    let applied = 0;
    for (const r of rows) {
      if (!SHARED_SETTINGS.includes(r.key) || catalog.queued('setting', r.key)) continue;
      if ((known[r.key] ?? 0) >= r.version) continue;
      settings.applyShared(r.key, r.value);
      known[r.key] = r.version;
      applied += 1;
    }
    if (applied > 0) settingsRepo.set(VERSIONS_KEY, known);
    return applied;
  };

  return {
    next: (limit) => catalog.next(limit),
    local,
    sent: (change, ownVersion) => {
      catalog.sent(change, ownVersion);
      if (change.kind === 'setting' && ownVersion !== null) setVersion(change.key, ownVersion);
    },
    adopt,
    pulledVersion: () => Number(settingsRepo.get('shopPulledVersion') ?? 0),
    setPulledVersion: (version) => settingsRepo.set('shopPulledVersion', version),
    settingVersion: (key) => versions()[key] ?? null,
  };
}
