import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'affiliates', load: () => import('./AffiliatesListPage').then((m) => m.AffiliatesListPage) },
  { route: 'affiliate-create', load: () => import('./AffiliateFormPage').then((m) => m.AffiliateCreatePage) },
  { route: 'affiliate-edit', load: () => import('./AffiliateFormPage').then((m) => m.AffiliateEditPage) },
];
