import { Badge, Button, Paper } from '@mantine/core';
import { Link } from 'react-router';
import { type AdminUser, adminUsersApi } from '../../../shared/api/admin-users';
import { ROLE_ACCOUNTANT, ROLE_LABELS } from '../../../shared/permissions';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { EditLink } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn } from '../../ui/ServerTable';
import { NoPermission } from './NoPermission';

const columns: ServerTableColumn<AdminUser>[] = [
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
  {
    accessor: 'actions',
    title: '',
    width: 100,
    render: (r) => <EditLink to={pathTo('admin-user-edit', { id: r.id })} permission="adminUsers.save" />,
  },
];

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
    <>
      <PageHeader
        title="Admin users"
        actions={
          <Button component={Link} to={pathTo('admin-user-create')}>
            New Admin User
          </Button>
        }
      />
      <Paper withBorder p="md" radius="md">
        <ServerTable<AdminUser>
          label="Admin users"
          endpoint={adminUsersApi.table}
          queryKeyPrefix={keys.adminUsers.all}
          columns={columns}
          quickSearch
          searchPlaceholder="Name or email…"
          emptyText="No admin users found"
        />
      </Paper>
    </>
  );
}
