import { Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { type AffiliateRow, affiliatesApi } from '../../../shared/api/affiliates';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';

/**
 * The list's active switch (spec 2 §4: toggling saves at once, POST affiliates/{id} {is_active}).
 * It shows the new position while saving and falls back if the server refuses.
 */
function ActiveSwitch({ row, onSaved }: { row: AffiliateRow; onSaved: () => void }) {
  const [checked, setChecked] = useState(row.is_active);
  const [seen, setSeen] = useState(row.is_active);
  if (seen !== row.is_active) {
    setSeen(row.is_active);
    setChecked(row.is_active);
  }
  const mutation = useNoticeMutation(
    (isActive: boolean) =>
      api.call(affiliatesApi.update, { params: { id: row.id }, body: { is_active: isActive } }),
    { onSuccess: () => onSaved(), onError: () => setChecked(row.is_active) },
  );
  return (
    <Switch
      aria-label={`Active: ${row.name}`}
      checked={checked}
      disabled={mutation.isPending}
      onChange={(e) => {
        const next = e.currentTarget.checked;
        setChecked(next);
        mutation.mutate(next);
      }}
    />
  );
}

/**
 * Affiliates list (/affiliates, spec 2 §2): code, name, active switch (role 1; '--' for others),
 * edit and delete (role 1); quick search; New affiliate (role 1).
 */
export function AffiliatesListPage() {
  const mayToggle = useCan('affiliates.update');
  return (
    <EntityListPage<AffiliateRow>
      title="Affiliates"
      create={{ label: 'New affiliate', route: 'affiliate-create', permission: 'affiliates.create' }}
      endpoint={affiliatesApi.table}
      queryKey={keys.affiliates.all}
      columns={(reload) => [
        { accessor: 'code', title: 'Code', sortable: true, noWrap: true },
        { accessor: 'name', title: 'Name', sortable: true },
        {
          accessor: 'is_active',
          title: 'Active',
          sortable: true,
          width: 100,
          render: (r) =>
            mayToggle ? (
              <ActiveSwitch row={r} onSaved={reload} />
            ) : (
              <Text size="sm" c="dimmed" aria-label={r.is_active ? 'Active' : 'Not active'}>
                --
              </Text>
            ),
        },
      ]}
      actions={{
        width: 140,
        edit: { route: 'affiliate-edit', permission: 'affiliates.update' },
        delete: {
          endpoint: affiliatesApi.delete,
          permission: 'affiliates.delete',
          confirm: (r) => `Are you sure you want to delete the affiliate "${r.name}" ?`,
        },
      }}
      pageSizes={[25, 50, 100, 500]}
      search="Name or code…"
      emptyText="No affiliates found"
    />
  );
}
