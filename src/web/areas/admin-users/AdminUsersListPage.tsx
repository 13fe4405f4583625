import { Badge, Button, Paper } from '@mantine/core';
import { Link } from 'react-router';
import { ROLE_ACCOUNTANT } from '../../../shared/permissions';
import { pathTo } from '../../../shared/routes';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { EditLink } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn } from '../../ui/ServerTable';
import { NoPermission } from './NoPermission';

interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  role: number;
}

/** 'Admin', or 'Accountant' when the role is 2 (spec 2 §2 Admin users). */
export const roleLabel = (role: number) => (role === ROLE_ACCOUNTANT ? 'Accountant' : 'Admin');

const columns: ServerTableColumn<AdminUserRow>[] = [
  { accessor: 'name', title: 'Name', sortable: true },
  { accessor: 'email', title: 'Email', sortable: true },
  {
    accessor: 'role',
    title: 'Role',
    sortable: true,
    render: (r) => (
      <Badge variant="light" color={r.role === ROLE_ACCOUNTANT ? 'teal' : 'indigo'} radius="sm">
        {roleLabel(r.role)}
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
        <ServerTable<AdminUserRow>
          label="Admin users"
          endpoint="/admin-users/table"
          columns={columns}
          quickSearch
          searchPlaceholder="Name or email…"
          emptyText="No admin users found"
        />
      </Paper>
    </>
  );
}
