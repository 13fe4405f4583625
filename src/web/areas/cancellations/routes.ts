import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  {
    route: 'cancellation-index',
    load: () => import('./CancellationsListPage').then((m) => m.CancellationsListPage),
  },
  {
    route: 'create-cancellation',
    load: () => import('./CancellationFormPage').then((m) => m.CancellationCreatePage),
  },
  {
    route: 'cancellation-edit',
    load: () => import('./CancellationFormPage').then((m) => m.CancellationEditPage),
  },
];
