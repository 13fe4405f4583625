import type { RouteDef } from './route-def';

/** Spec 1 §2: the shell, signing in, the settings hub and its screens, bookings. */
export const bookingsAndSettingsRoutes = [
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
] as const satisfies readonly RouteDef[];
