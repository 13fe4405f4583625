import { ActionIcon, Anchor, Group, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { Endpoint } from '../../shared/api/contract';
import type { Permission } from '../../shared/permissions';
import { callEndpoint } from '../api/client';
import { confirmDelete } from './confirm';
import { useNoticeMutation } from './notice-mutation';
import { useCan } from './permissions';

/**
 * The link of a table row to the record's screen: 'Edit' for a role that may save it
 * (`permission`, the same table the server enforces), 'View' for one that sees it read-only.
 * `label` names it outright where the screen is always a view.
 */
export function EditLink({ to, permission, label }: { to: string; permission?: Permission; label?: string }) {
  const mayEdit = useCan(permission ?? 'auth.details');
  return (
    <Anchor component={Link} to={to} size="sm">
      {label ?? (mayEdit ? 'Edit' : 'View')}
    </Anchor>
  );
}

/**
 * A row's delete action: asks `confirmMessage` (the spec's words), calls `endpoint` (the
 * contract's delete call, with `params` such as `{ id }`), shows the server's message (green on
 * success; red, e.g. 'in use', on refusal) and calls `onDeleted`.
 */
export function DeleteAction({
  endpoint,
  params,
  body,
  confirmMessage,
  onDeleted,
  label = 'Delete',
}: {
  endpoint: Endpoint;
  params?: Record<string, string | number>;
  body?: unknown;
  confirmMessage: string;
  onDeleted?: () => void;
  label?: string;
}) {
  const mutation = useNoticeMutation(() => callEndpoint<{ message?: string }>(endpoint, { params, body }), {
    successMessage: 'Deleted.',
    onSuccess: () => onDeleted?.(),
  });
  return (
    <ConfirmDeleteLink
      confirmMessage={confirmMessage}
      onConfirm={() => mutation.mutate()}
      pending={mutation.isPending}
      label={label}
    />
  );
}

/**
 * A red delete link: asks `confirmMessage` (the spec's words) and calls `onConfirm` when the user
 * agrees. Reads 'Deleting...' while `pending`; `disabled` also covers another row's delete running.
 */
export function ConfirmDeleteLink({
  confirmMessage,
  onConfirm,
  pending = false,
  disabled = pending,
  label = 'Delete',
  ariaLabel,
}: {
  confirmMessage: string;
  onConfirm: () => void;
  pending?: boolean;
  disabled?: boolean;
  label?: string;
  ariaLabel?: string;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      c="red"
      disabled={disabled}
      aria-label={ariaLabel}
      onClick={async () => {
        if (await confirmDelete(confirmMessage)) onConfirm();
      }}
    >
      {pending ? 'Deleting...' : label}
    </Anchor>
  );
}

/**
 * Row actions, in one line while the table has room; on a narrow window (1366 px beside the menu)
 * they wrap under each other rather than push the table wider than the screen (issue #22 point 9).
 */
export function RowActions({ children }: { children: React.ReactNode }) {
  return (
    <Group gap="sm" wrap="wrap" style={{ rowGap: 2 }}>
      {children}
    </Group>
  );
}

export { ActionIcon, Tooltip };
