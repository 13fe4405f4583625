import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'bookings', load: () => import('./BookingsListPage').then((m) => m.BookingsListPage) },
  { route: 'booking-create', load: () => import('./NewBookingPage').then((m) => m.NewBookingPage) },
  { route: 'booking-edit', load: () => import('./edit/BookingEditPage').then((m) => m.BookingEditPage) },
];
