import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'resorts', load: () => import('./ResortsListPage').then((m) => m.ResortsListPage) },
  { route: 'resort-create', load: () => import('./ResortFormPage').then((m) => m.ResortCreatePage) },
  { route: 'resort-edit', load: () => import('./ResortFormPage').then((m) => m.ResortEditPage) },
];
