/**
 * The named-route table of the whole product (spec 1 §2, spec 2 §2, spec 3 §2): every screen's name,
 * its react-router path pattern, its breadcrumb title and its breadcrumb parent. The web app builds
 * its router, navigation, breadcrumbs and links from this table; the server may use it for links in
 * emails. No React or DOM here.
 *
 * Path spellings follow the spec, misspellings included (`/backups-managemenet`). Where the spec
 * gives two readings of one route, the first is the canonical path (used by `pathTo`) and the other
 * is kept in `aliases` so old links still resolve.
 */
export interface RouteDef {
  name: string;
  /** react-router pattern, e.g. '/bookings/edit/:id'. */
  path: string;
  /** Breadcrumb and page title. */
  title: string;
  /** Name of the breadcrumb parent; 'dashboard' is implied at the top of every trail. */
  parent?: string;
  /** Other paths the spec gives for the same screen. */
  aliases?: readonly string[];
  /** Query parameters the screen reads (spec: create-new-customer takes `postcode`). */
  query?: readonly string[];
  /** Reachable without a login token. */
  public?: boolean;
}

const routeDefs = [
  // Spec 1 §2: shell, login, settings hub, bookings
  { name: 'login', path: '/login', title: 'Sign in', public: true },
  { name: 'dashboard', path: '/dashboard', title: 'Dashboard' },
  { name: 'settings', path: '/settings', title: 'Settings' },
  { name: 'regions', path: '/settings/regions', title: 'Coach Tour Regions', parent: 'settings' },
  { name: 'regions-edit', path: '/settings/regions/edit/:id', title: 'Manage Region', parent: 'regions' },
  { name: 'points', path: '/settings/points', title: 'Coach Tour Pickup Points', parent: 'settings' },
  { name: 'brochures', path: '/settings/brochures', title: 'Brochures', parent: 'settings' },
  { name: 'system-settings', path: '/settings/system', title: 'System Settings', parent: 'settings' },
  {
    name: 'system-setting-create',
    path: '/settings/system/create',
    title: 'New system setting',
    parent: 'system-settings',
  },
  {
    name: 'system-setting-edit',
    path: '/settings/system/edit/:id',
    title: 'Edit system setting',
    parent: 'system-settings',
  },
  // Issue #26: payment reminder rules, and a preview of today's reminders.
  {
    name: 'payment-reminders',
    path: '/settings/payment-reminders',
    title: 'Payment reminders',
    parent: 'settings',
  },
  {
    name: 'payment-reminder-create',
    path: '/settings/payment-reminders/create',
    title: 'New reminder rule',
    parent: 'payment-reminders',
  },
  {
    name: 'payment-reminder-edit',
    path: '/settings/payment-reminders/edit/:id',
    title: 'Edit reminder rule',
    parent: 'payment-reminders',
  },
  {
    name: 'monthly-accounts',
    path: '/settings/monthly-accounts-management',
    title: 'Monthly Accounts',
    parent: 'settings',
  },
  { name: 'bookings', path: '/bookings', title: 'Bookings' },
  { name: 'booking-create', path: '/bookings/create', title: 'New booking', parent: 'bookings' },
  { name: 'booking-edit', path: '/bookings/edit/:id', title: 'Edit booking', parent: 'bookings' },

  // Spec 2 §2: parties and money
  { name: 'customers', path: '/customers', title: 'Customers' },
  {
    name: 'create-new-customer',
    path: '/customers/create',
    title: 'New customer',
    parent: 'customers',
    query: ['postcode'],
  },
  { name: 'customer-edit', path: '/customers/edit/:id', title: 'Edit customer', parent: 'customers' },
  {
    name: 'duplicate-customers',
    path: '/customers/duplicate-customers',
    title: 'Manage customers',
    parent: 'customers',
  },
  {
    name: 'duplicate-customer-detail',
    path: '/customers/duplicate-customer-detail/:email',
    title: 'Duplicate customer',
    parent: 'duplicate-customers',
  },
  { name: 'brochure-requests', path: '/brochure-requests', title: 'Brochure requests' },
  {
    name: 'brochure-request-edit',
    path: '/brochure-requests/edit/:id',
    title: 'Brochure request',
    parent: 'brochure-requests',
  },
  { name: 'agents', path: '/agents', title: 'Agents' },
  { name: 'agent-create', path: '/agents/create', title: 'New agent', parent: 'agents' },
  {
    name: 'agent-edit',
    path: '/agents/edit/:id',
    title: 'Edit agent',
    parent: 'agents',
    aliases: ['/agent/edit/:id'],
  },
  // The page an agent opens from the emailed password-reset link (outside the staff shell).
  {
    name: 'agent-password-reset',
    path: '/agent/reset-password/:token',
    title: 'Set your password',
    public: true,
  },
  // The customer's side, "Manage my booking" (issue #23): outside the staff shell, its own realm.
  { name: 'portal-booking', path: '/my-booking', title: 'Manage my booking', public: true },
  {
    name: 'portal-sign-in',
    path: '/my-booking/sign-in',
    title: 'Sign in to manage your booking',
    public: true,
  },
  /** The link in an email: `#t=<token>` opens the booking, `#t=<token>&accept=1` accepts its changes. */
  { name: 'portal-link', path: '/my-booking/link', title: 'Opening your booking', public: true },
  { name: 'affiliates', path: '/affiliates', title: 'Affiliates' },
  { name: 'affiliate-create', path: '/affiliates/create', title: 'New affiliate', parent: 'affiliates' },
  { name: 'affiliate-edit', path: '/affiliates/edit/:id', title: 'Edit affiliate', parent: 'affiliates' },
  { name: 'suppliers', path: '/suppliers', title: 'Suppliers' },
  { name: 'supplier-create', path: '/suppliers/create', title: 'Create new supplier', parent: 'suppliers' },
  { name: 'supplier-edit', path: '/supplier/edit/:id', title: 'Edit supplier', parent: 'suppliers' },
  { name: 'tour-manager', path: '/tour-manager', title: 'Tour managers' },
  {
    name: 'create-tour-manager',
    path: '/tour-manager/create',
    title: 'New tour manager',
    parent: 'tour-manager',
  },
  {
    name: 'edit-tour-manager',
    path: '/tour-manager/edit/:id',
    title: 'Edit tour manager',
    parent: 'tour-manager',
  },
  { name: 'summary-index', path: '/summaries', title: 'Summaries' },
  { name: 'admin-user-index', path: '/admin-user', title: 'Admin users', parent: 'settings' },
  {
    name: 'admin-user-create',
    path: '/admin-user/create',
    title: 'New admin user',
    parent: 'admin-user-index',
  },
  {
    name: 'admin-user-edit',
    path: '/admin-user/edit/:id',
    title: 'Edit admin user',
    parent: 'admin-user-index',
  },
  {
    name: 'currency-exchange-index',
    path: '/currency-exchange',
    title: 'Currency exchange rates',
    parent: 'settings',
  },
  {
    name: 'currency-exchange-create',
    path: '/currency-exchange/create',
    title: 'New exchange rate',
    parent: 'currency-exchange-index',
  },
  {
    name: 'currency-exchange-edit',
    path: '/currency-exchange/edit/:id',
    title: 'Edit exchange rate',
    parent: 'currency-exchange-index',
  },
  { name: 'backups-list', path: '/backups-managemenet', title: 'DB Backups', parent: 'settings' },

  // Spec 3 §2: catalogue and reference data
  { name: 'tours', path: '/tours', title: 'Tours' },
  { name: 'tour-create', path: '/tours/create', title: 'New tour', parent: 'tours' },
  { name: 'tour-edit', path: '/tours/edit/:id', title: 'Edit tour', parent: 'tours' },
  {
    name: 'tour-group',
    path: '/tours/groups/:id',
    title: 'Tour group',
    parent: 'tours',
    aliases: ['/groups/:id'],
  },
  { name: 'tour-instance', path: '/tours/instances/:id', title: 'Tour instance', parent: 'tours' },
  {
    name: 'tour-accommodation',
    path: '/tours/accommodation/:id',
    title: 'Tour Accommodation',
    parent: 'tours',
  },
  { name: 'accommodation', path: '/accommodation', title: 'Accommodation' },
  {
    name: 'accommodation-create',
    path: '/accommodation/create',
    title: 'New accommodation',
    parent: 'accommodation',
  },
  {
    name: 'accommodation-edit',
    path: '/accommodation/edit/:id',
    title: 'Edit accommodation',
    parent: 'accommodation',
  },
  {
    name: 'accommodation-room-edit',
    path: '/accommodation/room/edit/:id',
    title: 'Manage Availability',
    parent: 'accommodation',
  },
  { name: 'flights', path: '/flights', title: 'Flights' },
  { name: 'flight-create', path: '/flights/create', title: 'New flight', parent: 'flights' },
  { name: 'flight-edit', path: '/flights/edit/:id', title: 'Edit flight', parent: 'flights' },
  { name: 'flights-multiple', path: '/flights/multiple', title: 'Add multiple flights', parent: 'flights' },
  {
    name: 'bulk-update-flights',
    path: '/flights/bulk-update',
    title: 'Update multiple flights',
    parent: 'flights',
  },
  // Spec 3 §2 names flight-instance (id) without a path; this one follows the tour-instance pattern.
  { name: 'flight-instance', path: '/flights/instances/:id', title: 'Flight instance', parent: 'flights' },
  { name: 'airlines', path: '/airlines', title: 'Airlines' },
  { name: 'airline-create', path: '/airlines/create', title: 'New airline', parent: 'airlines' },
  { name: 'airline-edit', path: '/airlines/edit/:id', title: 'Edit airline', parent: 'airlines' },
  { name: 'discounts', path: '/discounts', title: 'Discounts' },
  { name: 'discount-create', path: '/discounts/create', title: 'New discount', parent: 'discounts' },
  { name: 'discount-edit', path: '/discounts/edit/:id', title: 'Edit discount', parent: 'discounts' },
  { name: 'extras', path: '/extras', title: 'Extras' },
  { name: 'extra-create', path: '/extras/create', title: 'New extra', parent: 'extras' },
  { name: 'extra-edit', path: '/extras/edit/:id', title: 'Edit extra', parent: 'extras' },
  { name: 'cancellation-index', path: '/cancellations', title: 'Cancellation policies' },
  {
    name: 'create-cancellation',
    path: '/cancellations/create',
    title: 'New cancellation policy',
    parent: 'cancellation-index',
  },
  {
    name: 'cancellation-edit',
    path: '/cancellations/edit/:id',
    title: 'Edit cancellation policy',
    parent: 'cancellation-index',
  },
  { name: 'resorts', path: '/resorts', title: 'Resorts' },
  { name: 'resort-create', path: '/resorts/create', title: 'Create new resort', parent: 'resorts' },
  { name: 'resort-edit', path: '/resort/edit/:id', title: 'Edit resort', parent: 'resorts' },
  { name: 'email-template', path: '/templates', title: 'Email templates' },
  {
    name: 'create-template',
    path: '/templates/create',
    title: 'New email template',
    parent: 'email-template',
  },
  {
    name: 'edit-template',
    path: '/templates/edit/:id',
    title: 'Edit email template',
    parent: 'email-template',
  },
  { name: 'service-types', path: '/service-types', title: 'Service types' },
  { name: 'advertise-sizes', path: '/advertise-sizes', title: 'Advertise sizes' },
  { name: 'reports', path: '/reports', title: 'Reports' },
] as const satisfies readonly RouteDef[];

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
  { label: 'Cancellations', route: 'cancellation-index' },
  { label: 'Email templates', route: 'email-template' },
  { label: 'Service types', route: 'service-types' },
  { label: 'Tour managers', route: 'tour-manager' },
  { label: 'Advertise sizes', route: 'advertise-sizes' },
];

/**
 * Routes whose screens exist. Navigation shows only these, and pages use it to hold back buttons
 * that would lead to a screen not built yet. Add a name here when its page joins the router.
 */
export const implementedRoutes: ReadonlySet<RouteName> = new Set<RouteName>([
  'login',
  'dashboard',
  'bookings',
  'booking-create',
  'booking-edit',
  'resorts',
  'resort-create',
  'resort-edit',
  'customers',
  'create-new-customer',
  'customer-edit',
  'duplicate-customers',
  'duplicate-customer-detail',
  'brochure-requests',
  'brochure-request-edit',
  'agents',
  'agent-create',
  'agent-edit',
  'agent-password-reset',
  'portal-booking',
  'portal-sign-in',
  'portal-link',
  'affiliates',
  'affiliate-create',
  'affiliate-edit',
  'extras',
  'extra-create',
  'extra-edit',
  'discounts',
  'discount-create',
  'discount-edit',
  'regions',
  'regions-edit',
  'points',
  'brochures',
  'email-template',
  'create-template',
  'edit-template',
  'airlines',
  'airline-create',
  'airline-edit',
  'service-types',
  'advertise-sizes',
  'system-settings',
  'system-setting-create',
  'system-setting-edit',
  'payment-reminders',
  'payment-reminder-create',
  'payment-reminder-edit',
  'cancellation-index',
  'create-cancellation',
  'cancellation-edit',
  'settings',
  'suppliers',
  'supplier-create',
  'supplier-edit',
  'tour-manager',
  'create-tour-manager',
  'edit-tour-manager',
  'summary-index',
  'admin-user-index',
  'admin-user-create',
  'admin-user-edit',
  'currency-exchange-index',
  'currency-exchange-create',
  'currency-exchange-edit',
  'monthly-accounts',
  'backups-list',
  'tours',
  'tour-create',
  'tour-edit',
  'tour-group',
  'tour-instance',
  'tour-accommodation',
  'accommodation',
  'accommodation-create',
  'accommodation-edit',
  'accommodation-room-edit',
  'flights',
  'flight-create',
  'flight-edit',
  'flights-multiple',
  'bulk-update-flights',
  'reports',
]);

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
