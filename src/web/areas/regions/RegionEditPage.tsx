import { Anchor, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { PickupRegion } from '../../../shared/api/regions';
import { api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { PageHeader } from '../../ui/PageHeader';
import { regionKeys, usePoints } from './queries';

/**
 * Manage Region (/settings/regions/edit/{id}, route regions-edit, spec 3 §2): rename the region;
 * list its pickup points, add one from a dropdown of points not yet in it, remove one.
 */
export function RegionEditPage() {
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: regionKeys.region(id),
    queryFn: () => api.get<{ data: PickupRegion[] }>(`/pickup/regions/${id}`).then((r) => r.data[0]),
  });
  return (
    <>
      <PageHeader title="Manage Region" />
      <EntityLoader query={query} label="region">
        {(region) => (
          <Stack gap="md" maw={960}>
            <RenameForm key={region.id} region={region} />
            <RegionPoints region={region} />
          </Stack>
        )}
      </EntityLoader>
    </>
  );
}

function useReloadRegions() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: regionKeys.regions });
    void queryClient.invalidateQueries({ queryKey: regionKeys.points });
  };
}

function RenameForm({ region }: { region: PickupRegion }) {
  const reload = useReloadRegions();
  const form = useForm({
    initialValues: { region_name: region.region_name },
    validate: { region_name: (v) => (v.trim() ? null : 'Region name is required.') },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) => api.post(`/pickup/regions/${region.id}`, { region_name: v.region_name.trim() }),
    { onSuccess: reload },
  );
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <TextInput label="Region name" required maw={480} {...form.getInputProps('region_name')} />
        <FormActions>
          <SaveButton mode="update" saving={saving}>
            Update region
          </SaveButton>
        </FormActions>
      </form>
    </Paper>
  );
}

function RegionPoints({ region }: { region: PickupRegion }) {
  const reload = useReloadRegions();
  const points = usePoints();
  const [chosen, setChosen] = useState<string | null>(null);
  const inRegion = new Set(region.pick_up_points.map((p) => p.id));
  const options = (points.data ?? [])
    .filter((p) => !inRegion.has(p.id))
    .map((p) => ({ value: String(p.id), label: p.pickup_point_name }));

  const body = (pointId: number) => ({ pickup_point_region: region.id, pickup_point_id: pointId });
  const onDone = (answer: { message?: string }) => {
    notifications.show({ color: 'green', message: answer.message ?? 'Saved.' });
    reload();
  };
  const onError = (err: Error) => notifications.show({ color: 'red', title: 'Error', message: err.message });
  const add = useMutation({
    mutationFn: (pointId: number) => api.post<{ message?: string }>('/pickup/add', body(pointId)),
    onSuccess: (answer) => {
      setChosen(null);
      onDone(answer);
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (pointId: number) => api.post<{ message?: string }>('/pickup/remove/', body(pointId)),
    onSuccess: onDone,
    onError,
  });

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Pickup points of {region.region_name}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) add.mutate(Number(chosen));
        }}
      >
        <Group align="flex-end" gap="sm" mb="md" wrap="nowrap">
          <Select
            label="Pickup point"
            placeholder={
              points.isPending
                ? 'Loading…'
                : options.length
                  ? 'Choose a pickup point'
                  : 'Every point is in this region'
            }
            data={options}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            nothingFoundMessage="No pickup point matches"
            style={{ flex: 1 }}
            maw={480}
          />
          <Button type="submit" disabled={!chosen || add.isPending} miw={150}>
            {add.isPending ? 'Adding...' : 'Add point'}
          </Button>
        </Group>
      </form>
      <ListTable
        label={`Pickup points of ${region.region_name}`}
        records={region.pick_up_points}
        emptyText="No pickup points in this region yet"
        columns={[
          { accessor: 'pickup_point_name', title: 'Pickup point name' },
          {
            accessor: 'actions',
            title: '',
            width: 110,
            render: (p) => (
              <Anchor
                component="button"
                type="button"
                size="sm"
                c="red"
                disabled={remove.isPending}
                aria-label={`Remove ${p.pickup_point_name}`}
                onClick={() => remove.mutate(p.id)}
              >
                {remove.isPending && remove.variables === p.id ? 'Removing...' : 'Remove'}
              </Anchor>
            ),
          },
        ]}
      />
    </Paper>
  );
}
