import { Badge } from '@mantine/core';
import { type AdminUser, adminUsersApi } from '../../../shared/api/admin-users';
import { ROLE_ACCOUNTANT, ROLE_LABELS } from '../../../shared/permissions';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { NoPermission } from './NoPermission';

/** Admin users (/admin-user, route admin-user-index; spec 2 §2): role 1 only, reads included. */
export function AdminUsersListPage() {
  const allowed = useCan('adminUsers.read');
  if (!allowed) {
    return (
      <>
        <PageHeader title="Admin users" />
        <NoPermission what="Only admins can see and manage admin users." />
      </>
    );
  }
  return (
    <EntityListPage<AdminUser>
      title="Admin users"
      create={{ label: 'New Admin User', route: 'admin-user-create', permission: 'adminUsers.save' }}
      endpoint={adminUsersApi.table}
      queryKey={keys.adminUsers.all}
      columns={[
        { accessor: 'name', title: 'Name', sortable: true },
        { accessor: 'email', title: 'Email', sortable: true },
        {
          accessor: 'role',
          title: 'Role',
          sortable: true,
          render: (r) => (
            <Badge variant="light" color={r.role === ROLE_ACCOUNTANT ? 'teal' : 'indigo'} radius="sm">
              {ROLE_LABELS[r.role] ?? r.role}
            </Badge>
          ),
        },
      ]}
      actions={{ width: 100, edit: { route: 'admin-user-edit', permission: 'adminUsers.save' } }}
      search="Name or email…"
      emptyText="No admin users found"
    />
  );
}
