import type { RouteDef } from './route-def';

/** Spec 2 §2: parties and money (customers, agents, affiliates, suppliers, tour managers, the portal). */
export const partyRoutes = [
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
  // The travel agent's side (issue #25): outside the staff shell, in the agent realm.
  { name: 'agent-sign-in', path: '/agent/sign-in', title: 'Sign in to your agency account', public: true },
  { name: 'agent-bookings', path: '/agent/bookings', title: 'Your bookings', public: true },
  { name: 'agent-booking', path: '/agent/bookings/:id', title: 'Booking', public: true },
  { name: 'agent-book', path: '/agent/book', title: 'Book for a client', public: true },
  { name: 'agent-statement', path: '/agent/statement', title: 'Commission statement', public: true },
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
] as const satisfies readonly RouteDef[];
