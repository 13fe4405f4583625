import { permissions } from '../../shared/permissions';

/**
 * Query keys, one factory per area (issue #11): every screen of an area builds its TanStack Query
 * keys here, so invalidating `keys.<area>.all` after a save reloads every list, record and table of
 * that area and nothing else.
 *
 * - `all`: everything of the area (invalidate after a write);
 * - `one(id)`: one record (edit screens);
 * - `list(...)`: a list or a lookup with its arguments;
 * - `table(...)`: a server-side table (ServerTable puts its page under it).
 */
export function areaKeys<A extends string>(area: A) {
  return {
    all: [area] as const,
    one: (id: number | string) => [area, 'one', id] as const,
    list: (...args: unknown[]) => [area, 'list', ...args] as const,
    table: (...args: unknown[]) => [area, 'table', ...args] as const,
    /** A named sub-resource of one record, e.g. `sub(id, 'notes')`. */
    sub: (id: number | string, name: string, ...args: unknown[]) => [area, 'one', id, name, ...args] as const,
  };
}
export type AreaKeys = ReturnType<typeof areaKeys>;

/**
 * The areas that hold data without changing it, so have no key in the permission table: every other
 * area's keys follow from its permissions' prefix (`'resorts.create'` → `keys.resorts`), so a new
 * entity gets its query keys with its permissions and touches no list here.
 */
const READ_ONLY_AREAS = [
  /** The travel agent's side (issue #25): the agency, its bookings, the offer, the statement. */
  'agent',
  'audit',
  /** The dashboard's figures and the global search's hits (issue #14). */
  'dashboard',
  /** Public: kept when the signed-in user's data is cleared (query-client.ts). */
  'health',
  'jobs',
  /** The customer's "Manage my booking" (issue #23): the session's booking, the operator's contacts. */
  'portal',
  'reference',
  'session',
  /** A booking's VAT margin (TOMS, issue #27). */
  'toms',
] as const;

/** An area with query keys: a permission table prefix or a read-only area. */
export type KeyArea =
  | (keyof typeof permissions extends `${infer A}.${string}` ? A : never)
  | (typeof READ_ONLY_AREAS)[number];

/** Every area's key factory, `keys.<area>`, named as the permission table names the area. */
export const keys = Object.fromEntries(
  [...new Set([...Object.keys(permissions).map((k) => k.slice(0, k.indexOf('.'))), ...READ_ONLY_AREAS])].map(
    (area) => [area, areaKeys(area)],
  ),
) as { readonly [A in KeyArea]: AreaKeys };
