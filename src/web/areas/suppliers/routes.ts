import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'suppliers', load: () => import('./SuppliersListPage').then((m) => m.SuppliersListPage) },
  { route: 'supplier-create', load: () => import('./SupplierFormPage').then((m) => m.SupplierCreatePage) },
  { route: 'supplier-edit', load: () => import('./SupplierFormPage').then((m) => m.SupplierEditPage) },
];
