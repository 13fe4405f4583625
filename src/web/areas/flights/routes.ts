import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'flights', load: () => import('./FlightsListPage').then((m) => m.FlightsListPage) },
  { route: 'flight-create', load: () => import('./FlightFormPage').then((m) => m.FlightCreatePage) },
  { route: 'flight-edit', load: () => import('./FlightFormPage').then((m) => m.FlightEditPage) },
  {
    route: 'flights-multiple',
    load: () => import('./MultipleFlightsPage').then((m) => m.MultipleFlightsPage),
  },
  {
    route: 'bulk-update-flights',
    load: () => import('./BulkUpdateFlightsPage').then((m) => m.BulkUpdateFlightsPage),
  },
];
