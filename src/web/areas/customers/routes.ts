import type { Screen } from '../../ui/screen';

/** Spec 2 §2 Customers, and issue #14's duplicate customers and merging. */
export const routes: readonly Screen[] = [
  { route: 'customers', load: () => import('./CustomersListPage').then((m) => m.CustomersListPage) },
  {
    route: 'create-new-customer',
    load: () => import('./CustomerFormPage').then((m) => m.CustomerCreatePage),
  },
  { route: 'customer-edit', load: () => import('./CustomerFormPage').then((m) => m.CustomerEditPage) },
  {
    route: 'duplicate-customers',
    load: () => import('./duplicates/DuplicateCustomersPage').then((m) => m.DuplicateCustomersPage),
  },
  {
    route: 'duplicate-customer-detail',
    load: () => import('./duplicates/DuplicateCustomerDetailPage').then((m) => m.DuplicateCustomerDetailPage),
  },
];
