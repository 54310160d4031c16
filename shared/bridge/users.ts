// Cashiers across the bridge: the sign-in screen, the lock, and the users of Ajustes.
import { z } from 'zod';
import { PinSchema, RoleSchema, UserNameSchema } from '../users/roles';

const NoInput = z.strictObject({});

export const UserSchema = z.object({ id: z.number().int(), name: z.string(), role: RoleSchema, active: z.boolean() });
export type User = z.infer<typeof UserSchema>;

/**
 * A user as Ajustes → Usuarios lists them: their PIN's digit count (null: unknown until they next sign in
 * here) and their sign-in lockout, if any (level: waits started so far; needsAdmin: only "Desbloquear" lets them in).
 */
export const UserListEntrySchema = UserSchema.extend({
  pinDigits: z.number().int().nullable(),
  lockout: z.object({ level: z.number().int(), waitSeconds: z.number().int(), needsAdmin: z.boolean() }).nullable(),
});
export type UserListEntry = z.infer<typeof UserListEntrySchema>;

export const UnlockUserInputSchema = z.strictObject({ userId: z.number().int().positive() });

export const SessionSchema = z.object({
  /** Who is signed in on this till, or null (locked, or nobody yet). */
  user: UserSchema.nullable(),
  /** False until the first administrator exists: the app asks to create one before anything else. */
  usersExist: z.boolean(),
  /**
   * True when the signed-in supervisor or administrator typed a PIN shorter than their role's 6 digits: every call but
   * the public ones is refused until they sign in again with `newPin`.
   */
  mustChangePin: z.literal(true).optional(),
});
export type Session = z.infer<typeof SessionSchema>;

/**
 * A supervisor's consent given at this till: who, and their PIN (a discount over the limit, a cash out).
 * `preselected`: the name is the one the prompt started on (the only supervisor) and nobody picked it: a wrong PIN is
 * then charged to the till, never to that person, as at the sign-in.
 */
export const ApprovalSchema = z.strictObject({
  userId: z.number({ error: 'Elija quién autoriza' }).int().positive(),
  pin: PinSchema,
  preselected: z.literal(true).optional(),
});
export type Approval = z.infer<typeof ApprovalSchema>;

/** What a consent is asked for: 'return', a credit note at the till (the role it needs is the notes'). */
export const CheckApprovalInputSchema = z.strictObject({ action: z.enum(['return']), approval: ApprovalSchema });
export type CheckApprovalInput = z.infer<typeof CheckApprovalInputSchema>;

/**
 * `newPin`: the PIN is changed in the same sign-in (asked by mustChangePin). `preselected`: the name is the one the
 * screen started on (listCashiers' `lastHere`) and the cashier did not pick it: a wrong PIN is then charged to the
 * till, never to that person.
 */
export const LoginInputSchema = z.strictObject({
  userId: z.number({ error: 'Elija su nombre' }).int().positive(),
  pin: PinSchema,
  newPin: PinSchema.optional(),
  preselected: z.literal(true).optional(),
});
export const FirstAdminInputSchema = z.strictObject({ name: UserNameSchema, pin: PinSchema });

/** The owner's recovery code (16 characters, dashes and spaces allowed), for an administrator, with their new PIN. */
export const RecoverAdminInputSchema = z.strictObject({
  userId: z.number({ error: 'Elija un administrador' }).int().positive(),
  code: z.string().trim().min(1, 'Ingrese el código de recuperación').max(40, 'El código tiene 16 caracteres'),
  newPin: PinSchema,
});

/** A session that comes with the till's new recovery code: shown once, kept only as its hash. */
export const SessionWithRecoveryCodeSchema = SessionSchema.extend({ recoveryCode: z.string() });

/**
 * Create (no id) or change a user; a PIN left out keeps the current one (a new user needs one). `adminPin`: the PIN
 * of the administrator making the change, for the shop server to verify, so the change reaches every till (without
 * it a till's staff change is only listed for the office); never kept.
 */
export const SaveUserInputSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  name: UserNameSchema,
  role: RoleSchema,
  pin: PinSchema.optional(),
  active: z.boolean().default(true),
  adminPin: PinSchema.optional(),
});

/** A saved user; `server`: what the shop server did with a change sent with an administrator's PIN. */
export const SavedUserSchema = UserSchema.extend({ server: z.object({ applied: z.boolean(), message: z.string() }).optional() });
export type SaveUserInput = z.input<typeof SaveUserInputSchema>;

export const usersContract = {
  getSession: { input: NoInput, output: SessionSchema },
  /**
   * The active cashiers' names for the sign-in screen (no PINs); `approver`: who may authorise a discount or a cash
   * out, and as what (null for a cashier), so the till preselects the only supervisor. `lastHere`: the name
   * the sign-in starts on (the last person signed in at this till, else the only one).
   */
  listCashiers: {
    input: NoInput,
    output: z.array(
      z.object({ id: z.number().int(), name: z.string(), approver: z.enum(['supervisor', 'administrador']).nullable(), lastHere: z.literal(true).optional() }),
    ),
  },
  /** The first administrator, signed in, with the till's recovery code (shown once). */
  createFirstAdmin: { input: FirstAdminInputSchema, output: SessionWithRecoveryCodeSchema },
  /**
   * The owner's way back in when no administrator can sign in: the recovery code sets an administrator's new PIN,
   * ends their wait and signs them in; the code is spent and a new one answered (shown once).
   */
  recoverAdmin: { input: RecoverAdminInputSchema, output: SessionWithRecoveryCodeSchema },
  /** A new recovery code for this till (the one before stops working), shown once. */
  newRecoveryCode: { input: NoInput, output: z.object({ code: z.string() }) },
  login: { input: LoginInputSchema, output: SessionSchema },
  lock: { input: NoInput, output: SessionSchema },
  listUsers: { input: NoInput, output: z.array(UserListEntrySchema) },
  saveUser: { input: SaveUserInputSchema, output: SavedUserSchema },
  /**
   * A supervisor's consent asked before a cashier starts what needs it (F7, a return): checks who and the PIN (the
   * same wait after wrong PINs as the sign-in) and answers who approved; the write itself checks it again.
   */
  checkApproval: { input: CheckApprovalInputSchema, output: z.object({ id: z.number().int(), name: z.string() }) },
  /** An administrator clears a user's failed PINs and wait. */
  unlockUser: { input: UnlockUserInputSchema, output: UserListEntrySchema },
} as const;
