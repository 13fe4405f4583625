import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'extras', load: () => import('./ExtrasListPage').then((m) => m.ExtrasListPage) },
  { route: 'extra-create', load: () => import('./ExtraFormPage').then((m) => m.ExtraCreatePage) },
  { route: 'extra-edit', load: () => import('./ExtraFormPage').then((m) => m.ExtraEditPage) },
];
