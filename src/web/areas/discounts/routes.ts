import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'discounts', load: () => import('./DiscountsListPage').then((m) => m.DiscountsListPage) },
  { route: 'discount-create', load: () => import('./DiscountFormPage').then((m) => m.DiscountCreatePage) },
  { route: 'discount-edit', load: () => import('./DiscountFormPage').then((m) => m.DiscountEditPage) },
];
