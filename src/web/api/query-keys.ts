/**
 * Query keys, one factory per area (issue #11): every screen of an area builds its TanStack Query
 * keys here, so invalidating `keys.<area>.all` after a save reloads every list, record and table of
 * that area and nothing else. Add one line per new area.
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

/** The registry: one line per area. */
export const keys = {
  accommodation: areaKeys('accommodation'),
  adminUsers: areaKeys('admin-users'),
  advertiseSizes: areaKeys('advertise-sizes'),
  /** Affiliates' advertisements and their products (the Advertisements tab, the summaries' modals). */
  adverts: areaKeys('adverts'),
  affiliates: areaKeys('affiliates'),
  agents: areaKeys('agents'),
  airlines: areaKeys('airlines'),
  airports: areaKeys('airports'),
  audit: areaKeys('audit'),
  availability: areaKeys('availability'),
  /** Backups (issue #14): the list, storage used and the folders offered. */
  backups: areaKeys('backups'),
  bookings: areaKeys('bookings'),
  /** Payment reminders (issue #26): the rules, today's preview, a booking's reminders. */
  paymentReminders: areaKeys('payment-reminders'),
  /** A booking's VAT margin (TOMS, issue #27). */
  toms: areaKeys('toms'),
  /** Referrals recorded against bookings (the customer screen's lists live under customers.sub). */
  bookingRequests: areaKeys('booking-requests'),
  /** Brochure requests: the list, one request, the customers list's lookup (issue #14). */
  brochureRequests: areaKeys('brochure-requests'),
  brochures: areaKeys('brochures'),
  cancellations: areaKeys('cancellations'),
  currency: areaKeys('currency'),
  /** What customers sent from their side (issue #23): a booking's list is `list(bookingId)`. */
  customerMessages: areaKeys('customer-messages'),
  customers: areaKeys('customers'),
  /** Duplicate customers: the table and a group's records (a merge also invalidates customers). */
  customersMerging: areaKeys('customers-merging'),
  /** The dashboard's figures and the global search's hits (issue #14). */
  dashboard: areaKeys('dashboard'),
  discounts: areaKeys('discounts'),
  emailTemplates: areaKeys('email-templates'),
  extras: areaKeys('extras'),
  flights: areaKeys('flights'),
  groups: areaKeys('groups'),
  /** Public: kept when the signed-in user's data is cleared (query-client.ts). */
  health: areaKeys('health'),
  instances: areaKeys('instances'),
  invoices: areaKeys('invoices'),
  jobs: areaKeys('jobs'),
  bankStatements: areaKeys('bankStatements'),
  monthlyAccounts: areaKeys('monthly-accounts'),
  /** The customer's "Manage my booking" (issue #23): the session's booking, the operator's contacts. */
  portal: areaKeys('portal'),
  reference: areaKeys('reference'),
  regions: areaKeys('regions'),
  /** The reports screen's lists (fields-data, bonding types, rooming's accommodation by resort/supplier). */
  reports: areaKeys('reports'),
  resorts: areaKeys('resorts'),
  serviceTypes: areaKeys('service-types'),
  session: areaKeys('session'),
  summaries: areaKeys('summaries'),
  suppliers: areaKeys('suppliers'),
  systemSettings: areaKeys('system-settings'),
  tourAccommodation: areaKeys('tour-accommodation'),
  tourManagers: areaKeys('tour-managers'),
  tours: areaKeys('tours'),
} as const;
