import { Paper, PasswordInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  type AdminUser,
  type AdminUserInput,
  adminUserInput,
  PASSWORD_MIN,
} from '../../../shared/api/admin-users';
import { ROLE_ACCOUNTANT, ROLE_ADMIN } from '../../../shared/permissions';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { zodValidate } from '../../ui/zod-validate';
import { NoPermission } from './NoPermission';

interface AdminUserFormValues {
  name: string;
  email: string;
  role: string | null;
  login_password: string;
}

type SaveAnswer = { status: boolean; message: string; data: { id: number } };

const ROLE_OPTIONS = [
  { value: String(ROLE_ADMIN), label: 'Admin' },
  { value: String(ROLE_ACCOUNTANT), label: 'Accountant' },
];

const NO_ACCESS = 'Only admins can see and manage admin users.';

/** New admin user (/admin-user/create): goes to the user's edit screen once created. */
export function AdminUserCreatePage() {
  const navigate = useNavigate();
  const allowed = useCan('adminUsers.save');
  if (!allowed) {
    return (
      <>
        <PageHeader title="New admin user" />
        <NoPermission what={NO_ACCESS} />
      </>
    );
  }
  return (
    <>
      <PageHeader title="New admin user" />
      <AdminUserForm mode="create" onSaved={(a) => navigate(pathTo('admin-user-edit', { id: a.data.id }))} />
    </>
  );
}

/** Edit admin user (/admin-user/edit/{id}): name, email, role; a blank password keeps the current one. */
export function AdminUserEditPage() {
  const id = Number(useParams().id);
  const allowed = useCan('adminUsers.read');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['admin-user', id],
    queryFn: () => api.get<{ data: AdminUser }>(`/admin-users/${id}`).then((r) => r.data),
    enabled: allowed,
  });
  if (!allowed) {
    return (
      <>
        <PageHeader title="Edit admin user" />
        <NoPermission what={NO_ACCESS} />
      </>
    );
  }
  return (
    <EntityLoader query={query} label="admin user">
      {(user) => (
        <>
          <PageHeader title={`Admin user: ${user.name}`} />
          <AdminUserForm
            key={user.id}
            mode="update"
            user={user}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ['admin-user', id] })}
          />
        </>
      )}
    </EntityLoader>
  );
}

function AdminUserForm({
  mode,
  user,
  onSaved,
}: {
  mode: 'create' | 'update';
  user?: AdminUser;
  onSaved: (answer: SaveAnswer) => void;
}) {
  const queryClient = useQueryClient();
  const toInput = (v: AdminUserFormValues): AdminUserInput => ({
    name: v.name,
    email: v.email,
    role: v.role ?? '',
    login_password: v.login_password,
    flag: mode === 'create' ? 'add' : 'edit',
    ...(user ? { admin_user_id: user.id } : {}),
  });
  const form = useForm<AdminUserFormValues>({
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      role: user ? String(user.role) : null,
      login_password: '',
    },
    validate: zodValidate(adminUserInput, toInput),
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) => api.post<SaveAnswer>('/admin-users/handle-user', toInput(v)),
    {
      onSuccess: (answer) => {
        form.setFieldValue('login_password', '');
        // Editing oneself (name, role) shows at once in the header and the permissions.
        if (mode === 'update') void queryClient.invalidateQueries({ queryKey: ['me'] });
        onSaved(answer);
      },
    },
  );
  return (
    <Paper withBorder p="lg" radius="md" maw={760}>
      <form onSubmit={onSubmit} noValidate>
        <FieldGrid>
          <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <Select
            label="Role"
            required
            placeholder="Choose a role"
            data={ROLE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <PasswordInput
            label="Login password"
            required={mode === 'create'}
            autoComplete="new-password"
            placeholder={
              mode === 'create'
                ? `At least ${PASSWORD_MIN} characters`
                : 'Leave blank to keep the current password'
            }
            {...form.getInputProps('login_password')}
          />
        </FieldGrid>
        <FormActions>
          <SaveButton mode={mode} saving={saving}>
            {mode === 'create' ? 'Create admin user' : 'Update admin user'}
          </SaveButton>
        </FormActions>
      </form>
    </Paper>
  );
}
