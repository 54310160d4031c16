// The shop's staff through the shop server (issue 15): a cashier added at the office can sign in at every till.
// What travels is what the till stores: name, role, the PIN's slow hash and salt (never the PIN), active. A list
// that does not read as this version's shape is ignored; a user is matched by name (unique, case-insensitive).
import { z } from 'zod';
import { RoleSchema } from '../../../shared/users/roles';
import type { UsersRepository } from '../db';

const SharedUsersSchema = z.array(
  z.object({ name: z.string().min(2).max(40), role: RoleSchema, pinHash: z.string().min(1), pinSalt: z.string().min(1), active: z.boolean() }),
);

export function sharedUsers(users: UsersRepository): z.infer<typeof SharedUsersSchema> {
  return users.all().map((u) => ({ name: u.name, role: u.role, pinHash: u.pin_hash, pinSalt: u.pin_salt, active: u.active === 1 }));
}

/** Writes the staff that came from the server; answers false when the list was not readable. */
export function applySharedUsers(users: UsersRepository, value: unknown): boolean {
  const parsed = SharedUsersSchema.safeParse(value);
  if (!parsed.success) return false;
  for (const u of parsed.data) {
    const here = users.getByName(u.name);
    if (here) users.update(here.id, { name: here.name, role: u.role, pinHash: u.pinHash, pinSalt: u.pinSalt, active: u.active });
    else {
      const row = users.insert({ name: u.name, role: u.role, pinHash: u.pinHash, pinSalt: u.pinSalt });
      if (!u.active) users.update(row.id, { name: row.name, role: u.role, pinHash: u.pinHash, pinSalt: u.pinSalt, active: false });
    }
  }
  return true;
}
