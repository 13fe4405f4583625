import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'tour-manager', load: () => import('./TourManagersListPage').then((m) => m.TourManagersListPage) },
  {
    route: 'create-tour-manager',
    load: () => import('./TourManagerFormPage').then((m) => m.TourManagerCreatePage),
  },
  {
    route: 'edit-tour-manager',
    load: () => import('./TourManagerFormPage').then((m) => m.TourManagerEditPage),
  },
];
