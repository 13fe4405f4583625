import type { Screen } from '../../ui/screen';

/** Spec 3 §2 Tours (tour-group also answers at /groups/{id}, its alias). */
export const routes: readonly Screen[] = [
  { route: 'tours', load: () => import('./ToursListPage').then((m) => m.ToursListPage) },
  { route: 'tour-create', load: () => import('./TourFormPage').then((m) => m.TourCreatePage) },
  { route: 'tour-edit', load: () => import('./TourFormPage').then((m) => m.TourEditPage) },
  { route: 'tour-group', load: () => import('./TourGroupPage').then((m) => m.TourGroupPage) },
  { route: 'tour-instance', load: () => import('./TourInstancePage').then((m) => m.TourInstancePage) },
  {
    route: 'tour-accommodation',
    load: () => import('./TourAccommodationPage').then((m) => m.TourAccommodationPage),
  },
];
