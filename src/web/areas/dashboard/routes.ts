import type { Screen } from '../../ui/screen';

/** Issue #14: what needs doing today. */
export const routes: readonly Screen[] = [
  { route: 'dashboard', load: () => import('./DashboardPage').then((m) => m.DashboardPage) },
];
