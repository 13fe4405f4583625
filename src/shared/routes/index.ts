/**
 * The named-route table of the whole product (spec 1 §2, spec 2 §2, spec 3 §2): every screen's name,
 * its react-router path pattern, its breadcrumb title and its breadcrumb parent. The web app builds
 * its router, navigation, breadcrumbs and links from this table; the server may use it for links in
 * emails. No React or DOM here.
 *
 * Path spellings follow the spec, misspellings included (`/backups-managemenet`). Where the spec
 * gives two readings of one route, the first is the canonical path (used by `pathTo`) and the other
 * is kept in `aliases` so old links still resolve.
 *
 * The table itself is split by spec (./bookings-and-settings.ts, ./parties.ts, ./catalogue.ts);
 * this module joins it and is the one to import.
 */
import { bookingsAndSettingsRoutes } from './bookings-and-settings';
import { catalogueRoutes } from './catalogue';
import { partyRoutes } from './parties';
import type { RouteDef } from './route-def';

export type { RouteDef } from './route-def';

const routeDefs = [...bookingsAndSettingsRoutes, ...partyRoutes, ...catalogueRoutes] as const;

export type RouteName = (typeof routeDefs)[number]['name'];

/** Every route of the product, in spec order. */
export const routes: readonly RouteDef[] = routeDefs;

export const routeByName = Object.fromEntries(routeDefs.map((r) => [r.name, r])) as Record<
  RouteName,
  RouteDef
>;

export type RouteParams = Record<string, string | number>;
export type RouteQuery = Record<string, string | number | boolean | null | undefined>;

/**
 * The URL of a named route: fills `:param` segments (URI-encoded) and appends the query, leaving out
 * empty values. Throws when a path parameter is missing, so a broken link fails loudly in tests.
 * Example: `pathTo('booking-edit', { id: 12 })` → '/bookings/edit/12';
 * `pathTo('create-new-customer', undefined, { postcode: 'SW1A 1AA' })` → '/customers/create?postcode=SW1A+1AA'.
 */
export function pathTo(name: RouteName, params?: RouteParams, query?: RouteQuery): string {
  const route = routeByName[name];
  if (!route) throw new Error(`Unknown route ${name}`);
  const path = route.path.replace(/:([A-Za-z_]\w*)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === '') throw new Error(`Route ${name} needs parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The main navigation, in the order of spec 1 §2 'Navigation links'. */
export const navigation: readonly { label: string; route: RouteName }[] = [
  { label: 'Bookings', route: 'bookings' },
  { label: 'Customers', route: 'customers' },
  { label: 'Agents', route: 'agents' },
  { label: 'Suppliers', route: 'suppliers' },
  { label: 'Resorts', route: 'resorts' },
  { label: 'Affiliates', route: 'affiliates' },
  { label: 'Summaries', route: 'summary-index' },
  { label: 'Tours', route: 'tours' },
  { label: 'Flights', route: 'flights' },
  { label: 'Airlines', route: 'airlines' },
  { label: 'Accommodation', route: 'accommodation' },
  { label: 'Brochure requests', route: 'brochure-requests' },
  { label: 'Discounts', route: 'discounts' },
  { label: 'Extras', route: 'extras' },
  { label: 'Reports', route: 'reports' },
  { label: 'Bank statements', route: 'bank-statements' },
  { label: 'Cancellations', route: 'cancellation-index' },
  { label: 'Email templates', route: 'email-template' },
  { label: 'Service types', route: 'service-types' },
  { label: 'Tour managers', route: 'tour-manager' },
  { label: 'Advertise sizes', route: 'advertise-sizes' },
];

/**
 * Routes whose screens exist: every route not marked `planned`. Navigation shows only these, and
 * pages use it to hold back buttons that would lead to a screen not built yet. The web app's router
 * is built from each area's `routes.ts` (src/web/screens.ts); its test checks that they route
 * exactly these names.
 */
export const implementedRoutes: ReadonlySet<RouteName> = new Set<RouteName>(
  routeDefs.filter((r) => !('planned' in r && r.planned)).map((r) => r.name),
);

/** The breadcrumb trail of a route, from its top ancestor down to itself (dashboard not included). */
export function routeTrail(name: RouteName): RouteDef[] {
  const trail: RouteDef[] = [];
  let current: RouteDef | undefined = routeByName[name];
  while (current && trail.length < 10) {
    trail.unshift(current);
    current = current.parent ? routeByName[current.parent as RouteName] : undefined;
  }
  return trail;
}
