import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type PickupPoint, pointInput, regionsApi } from '../../../shared/api/regions';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { AddByNameForm } from '../../ui/AddByNameForm';
import { actionsColumn } from '../../ui/entity-list';
import { ListTable } from '../../ui/ListTable';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { usePoints } from './queries';

/**
 * Coach Tour Pickup Points (/settings/points, spec 3 §2 'Regions and points'): add a point; the
 * list with the regions each point belongs to, and Delete. Not role-gated (spec 3 §6).
 */
export function PointsPage() {
  const queryClient = useQueryClient();
  const points = usePoints();
  const reload = () => void queryClient.invalidateQueries({ queryKey: keys.regions.all });
  const mayDelete = useCan('points.delete');
  return (
    <>
      <PageHeader title="Coach Tour Pickup Points" />
      <Stack gap="md" maw={960}>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Add pickup point
          </Title>
          <AddByNameForm
            field="pickup_point_name"
            label="Pickup point name"
            buttonLabel="Add pickup point"
            schema={pointInput}
            permission="points.save"
            send={(body) =>
              api.call(regionsApi.createPoint, { body: { pickup_point_name: body.pickup_point_name } })
            }
            onAdded={reload}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <ListTable<PickupPoint>
            label="Coach tour pickup points"
            records={points.data}
            loading={points.isFetching}
            error={points.error}
            onRetry={() => void points.refetch()}
            emptyText="No pickup points yet"
            columns={[
              { accessor: 'pickup_point_name', title: 'Pickup point name' },
              {
                accessor: 'region_names',
                title: 'Regions',
                width: 260,
                render: (p) =>
                  p.region_names?.length ? (
                    p.region_names.join(', ')
                  ) : (
                    <Text size="sm" c="dimmed">
                      Not in a region
                    </Text>
                  ),
              },
              actionsColumn<PickupPoint>(
                {
                  width: 90,
                  delete: {
                    endpoint: regionsApi.deletePoint,
                    permission: 'points.delete',
                    confirm: (p) =>
                      `Are you sure you want to delete the pickup point "${p.pickup_point_name}" ?`,
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
