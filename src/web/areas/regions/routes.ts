import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'regions', load: () => import('./RegionsPage').then((m) => m.RegionsPage) },
  { route: 'regions-edit', load: () => import('./RegionEditPage').then((m) => m.RegionEditPage) },
  { route: 'points', load: () => import('./PointsPage').then((m) => m.PointsPage) },
];
