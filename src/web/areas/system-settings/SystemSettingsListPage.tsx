import { Text } from '@mantine/core';
import { type SystemSetting, systemSettingsApi } from '../../../shared/api/system-settings';
import { keys } from '../../api/query-keys';
import { EntityListPage } from '../../ui/entity-list';

/**
 * System Settings list (/settings/system, spec 3 §2 'System settings'): a searchable table of name
 * and value with Edit links and a delete that asks first. Not role-gated (spec 3 §6: the
 * permission table gives every role systemSettings.save and .delete).
 */
export function SystemSettingsListPage() {
  return (
    <EntityListPage<SystemSetting>
      title="System Settings"
      label="System settings"
      create={{ label: 'New setting', route: 'system-setting-create', permission: 'systemSettings.save' }}
      endpoint={systemSettingsApi.table}
      queryKey={keys.systemSettings.all}
      columns={[
        {
          accessor: 'name',
          title: 'Name',
          sortable: true,
          render: (r) => (
            <Text size="sm" ff="monospace">
              {r.name}
            </Text>
          ),
        },
        {
          accessor: 'value',
          title: 'Value',
          sortable: true,
          render: (r) => (
            <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {r.value ?? ''}
            </Text>
          ),
        },
      ]}
      actions={{
        width: 140,
        edit: { route: 'system-setting-edit', permission: 'systemSettings.save' },
        delete: {
          endpoint: systemSettingsApi.delete,
          permission: 'systemSettings.delete',
          confirm: (r) => `Are you sure you want to delete the system setting "${r.name}" ?`,
        },
      }}
      search="Name or value…"
      emptyText="No system settings found"
      maw={1100}
    />
  );
}
