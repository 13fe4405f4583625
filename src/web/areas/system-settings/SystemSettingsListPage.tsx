import { Button, Paper, Text } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { type SystemSetting, systemSettingsApi } from '../../../shared/api/system-settings';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { PageHeader } from '../../ui/PageHeader';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';

/**
 * System Settings list (/settings/system, spec 3 §2 'System settings'): a searchable table of name
 * and value with Edit links and a delete that asks first. Not role-gated (spec 3 §6).
 */
export function SystemSettingsListPage() {
  const table = useRef<ServerTableHandle>(null);
  const columns: ServerTableColumn<SystemSetting>[] = [
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
    {
      accessor: 'actions',
      title: '',
      width: 140,
      render: (r) => (
        <RowActions>
          <EditLink to={pathTo('system-setting-edit', { id: r.id })} permission="systemSettings.save" />
          <DeleteAction
            endpoint={systemSettingsApi.delete}
            params={{ id: r.id }}
            confirmMessage={`Are you sure you want to delete the system setting "${r.name}" ?`}
            onDeleted={() => table.current?.reload()}
          />
        </RowActions>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="System Settings"
        actions={
          <Button component={Link} to={pathTo('system-setting-create')}>
            New setting
          </Button>
        }
      />
      <Paper withBorder p="md" radius="md" maw={1100}>
        <ServerTable<SystemSetting>
          ref={table}
          label="System settings"
          endpoint={systemSettingsApi.table}
          queryKeyPrefix={keys.systemSettings.all}
          columns={columns}
          quickSearch
          searchPlaceholder="Name or value…"
          emptyText="No system settings found"
        />
      </Paper>
    </>
  );
}
