import { PasswordInput, Select, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  type AdminUser,
  type AdminUserInput,
  adminUserInput,
  adminUsersApi,
} from '../../../shared/api/admin-users';
import { PASSWORD_MIN_LENGTH } from '../../../shared/password';
import { ROLE_ACCOUNTANT, ROLE_ADMIN, ROLE_LABELS } from '../../../shared/permissions';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { FieldGrid } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { NoPermission } from './NoPermission';

interface AdminUserFormValues {
  name: string;
  email: string;
  role: string | null;
  login_password: string;
}

const ROLE_OPTIONS = [ROLE_ADMIN, ROLE_ACCOUNTANT].map((r) => ({ value: String(r), label: ROLE_LABELS[r] }));

const NO_ACCESS = 'Only admins can see and manage admin users.';

const toValues = (user?: AdminUser): AdminUserFormValues => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  role: user ? String(user.role) : null,
  login_password: '',
});

/** New admin user (/admin-user/create): goes to the user's edit screen once created. */
export function AdminUserCreatePage() {
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
    <EntityCreatePage
      title="New admin user"
      create={adminUsersApi.save}
      invalidate={keys.adminUsers.all}
      afterCreate={(answer) => pathTo('admin-user-edit', { id: answer.data.id })}
      form={AdminUserForm}
    />
  );
}

/** Edit admin user (/admin-user/edit/{id}): name, email, role; a blank password keeps the current one. */
export function AdminUserEditPage() {
  const allowed = useCan('adminUsers.read');
  if (!allowed) {
    return (
      <>
        <PageHeader title="Edit admin user" />
        <NoPermission what={NO_ACCESS} />
      </>
    );
  }
  return (
    <EntityEditPage
      label="admin user"
      load={adminUsersApi.get}
      select={(answer) => answer.data}
      queryKey={keys.adminUsers.one}
      invalidate={keys.adminUsers.all}
      title={(user) => `Admin user: ${user.name}`}
      update={adminUsersApi.save}
      form={AdminUserForm}
    />
  );
}

/**
 * The admin user form (spec 2 §3 Admin user): one endpoint adds (flag 'add') and edits (flag
 * 'edit', admin_user_id); the shared schema requires the password on add only.
 */
function AdminUserForm({ mode, record, send, onSaved }: EntityFormProps<AdminUser, AdminUserInput>) {
  const queryClient = useQueryClient();
  const entity = useEntityForm({
    schema: adminUserInput,
    toValues,
    toInput: (v: AdminUserFormValues): AdminUserInput => ({
      name: v.name,
      email: v.email,
      role: v.role ?? '',
      login_password: v.login_password,
      flag: mode === 'create' ? 'add' : 'edit',
      ...(record ? { admin_user_id: record.id } : {}),
    }),
    permission: 'adminUsers.save',
    mode,
    record,
    send,
    onSaved: (answer) => {
      entity.form.setFieldValue('login_password', '');
      // Editing oneself (name, role) shows at once in the header and the permissions.
      if (mode === 'update') void queryClient.invalidateQueries({ queryKey: keys.session.all });
      onSaved(answer);
    },
  });
  const { form } = entity;
  return (
    <EntityFormFrame
      entity={entity}
      submitLabel={{ create: 'Create admin user', update: 'Update admin user' }}
    >
      <FieldGrid>
        <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
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
              ? `At least ${PASSWORD_MIN_LENGTH} characters`
              : 'Leave blank to keep the current password'
          }
          {...form.getInputProps('login_password')}
        />
      </FieldGrid>
    </EntityFormFrame>
  );
}
