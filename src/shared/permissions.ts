/**
 * The one permission table (DESIGN.md §4). Every route that is not a plain read declares one of
 * these keys; the server answers 403 to a role not listed, and the web app hides the control.
 * 'any' means any signed-in staff member. Role 1 is Admin, role 2 Accountant (spec 1 §6).
 */
export const ROLE_ADMIN = 1;
export const ROLE_ACCOUNTANT = 2;

export const ROLE_LABELS: Record<number, string> = { [ROLE_ADMIN]: 'Admin', [ROLE_ACCOUNTANT]: 'Accountant' };

export type Allowed = 'any' | readonly number[];

export const permissions = {
  // auth: reads about oneself
  'auth.details': 'any',
  'auth.logout': 'any',
  // bookings list: POST calls that only read
  'bookings.filtersData': 'any',
  'customers.filteredList': 'any',
  // bookings (spec 1 §6: only role 1 creates, edits, cancels, links)
  'bookings.create': [ROLE_ADMIN],
  'bookings.update': [ROLE_ADMIN],
  'bookings.cancel': [ROLE_ADMIN],
} as const satisfies Record<string, Allowed>;

export type Permission = keyof typeof permissions;

/** True when `role` may use `permission`. */
export function can(role: number | null | undefined, permission: Permission): boolean {
  const allowed: Allowed = permissions[permission];
  if (role == null) return false;
  return allowed === 'any' || allowed.includes(role);
}
