import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type PickupRegion, regionInput, regionsApi } from '../../../shared/api/regions';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { AddByNameForm } from '../../ui/AddByNameForm';
import { actionsColumn } from '../../ui/entity-list';
import { ListTable } from '../../ui/ListTable';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { useRegions } from './queries';

/**
 * Coach Tour Regions (/settings/regions, spec 3 §2 'Regions and points'): add a region; the list
 * with each region's pickup points, Edit (Manage Region) and Delete. Not role-gated (spec 3 §6).
 */
export function RegionsPage() {
  const queryClient = useQueryClient();
  const regions = useRegions();
  const reload = () => void queryClient.invalidateQueries({ queryKey: keys.regions.all });
  const mayDelete = useCan('regions.delete');
  return (
    <>
      <PageHeader title="Coach Tour Regions" />
      <Stack gap="md" maw={960}>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Add region
          </Title>
          <AddByNameForm
            field="region_name"
            label="Region name"
            buttonLabel="Add region"
            schema={regionInput}
            permission="regions.save"
            send={(body) => api.call(regionsApi.create, { body: { region_name: body.region_name } })}
            onAdded={reload}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <ListTable<PickupRegion>
            label="Coach tour regions"
            records={regions.data}
            loading={regions.isFetching}
            error={regions.error}
            onRetry={() => void regions.refetch()}
            emptyText="No regions yet"
            columns={[
              { accessor: 'region_name', title: 'Region name', width: 220 },
              {
                accessor: 'pick_up_points',
                title: 'Pickup points',
                render: (r) =>
                  r.pick_up_points.length ? (
                    <Text size="sm" lineClamp={2}>
                      {r.pick_up_points.map((p) => p.pickup_point_name).join(', ')}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      None yet
                    </Text>
                  ),
              },
              actionsColumn<PickupRegion>(
                {
                  width: 130,
                  edit: { route: 'regions-edit', permission: 'regions.save' },
                  delete: {
                    endpoint: regionsApi.delete,
                    permission: 'regions.delete',
                    confirm: (r) => `Are you sure you want to delete the region "${r.region_name}" ?`,
                  },
                },
                { mayDelete, reload },
              ),
            ]}
          />
        </Paper>
      </Stack>
    </>
  );
}
