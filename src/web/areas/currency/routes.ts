import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  {
    route: 'currency-exchange-index',
    load: () => import('./CurrencyListPage').then((m) => m.CurrencyListPage),
  },
  {
    route: 'currency-exchange-create',
    load: () => import('./CurrencyFormPage').then((m) => m.CurrencyCreatePage),
  },
  {
    route: 'currency-exchange-edit',
    load: () => import('./CurrencyFormPage').then((m) => m.CurrencyEditPage),
  },
];
