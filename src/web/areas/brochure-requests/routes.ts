import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  {
    route: 'brochure-requests',
    load: () => import('./BrochureRequestsPage').then((m) => m.BrochureRequestsPage),
  },
  {
    route: 'brochure-request-edit',
    load: () => import('./BrochureRequestEditPage').then((m) => m.BrochureRequestEditPage),
  },
];
