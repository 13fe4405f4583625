import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  {
    route: 'accommodation',
    load: () => import('./AccommodationListPage').then((m) => m.AccommodationListPage),
  },
  {
    route: 'accommodation-create',
    load: () => import('./AccommodationFormPage').then((m) => m.AccommodationCreatePage),
  },
  {
    route: 'accommodation-edit',
    load: () => import('./AccommodationFormPage').then((m) => m.AccommodationEditPage),
  },
];
