import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'airlines', load: () => import('./AirlinesListPage').then((m) => m.AirlinesListPage) },
  { route: 'airline-create', load: () => import('./AirlineFormPage').then((m) => m.AirlineCreatePage) },
  { route: 'airline-edit', load: () => import('./AirlineFormPage').then((m) => m.AirlineEditPage) },
];
