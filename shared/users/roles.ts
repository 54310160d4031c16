// Who may do what at the till. Three roles, each with everything of the one before:
//   cajero: sell, reprint, X report; supervisor: also approves discounts over the limit, cash outs and closing another
//   cashier's session; administrador: also Ajustes, the token, products, backups and users.
// The core enforces this map on every bridge call (electron/core/users/auth.ts), not only the screens.
import { z } from 'zod';

export const ROLES = ['cajero', 'supervisor', 'administrador'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { cajero: 'Cajero', supervisor: 'Supervisor', administrador: 'Administrador' };

/** True when `role` has at least the rights of `needed`. */
export function hasRole(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

export const RoleSchema = z.enum(ROLES, { error: 'Elija el rol: cajero, supervisor o administrador' });

/** A PIN of 4 to 6 digits. */
export const PinSchema = z.string({ error: 'Ingrese el PIN' }).regex(/^\d{4,6}$/, { error: 'El PIN tiene de 4 a 6 dígitos' });

export const UserNameSchema = z
  .string({ error: 'Ingrese el nombre' })
  .trim()
  .min(2, { error: 'El nombre tiene al menos 2 letras' })
  .max(40, { error: 'El nombre admite como máximo 40 caracteres' });
