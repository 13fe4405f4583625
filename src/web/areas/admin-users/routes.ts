import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'admin-user-index', load: () => import('./AdminUsersListPage').then((m) => m.AdminUsersListPage) },
  {
    route: 'admin-user-create',
    load: () => import('./AdminUserFormPage').then((m) => m.AdminUserCreatePage),
  },
  { route: 'admin-user-edit', load: () => import('./AdminUserFormPage').then((m) => m.AdminUserEditPage) },
];
