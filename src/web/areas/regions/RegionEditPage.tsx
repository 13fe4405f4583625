import { Anchor, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type PickupRegion, type RegionInput, regionInput, regionsApi } from '../../../shared/api/regions';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { EntityEditPage, EntityFormFrame, type EntityFormProps, useEntityForm } from '../../ui/entity';
import { ListTable } from '../../ui/ListTable';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { usePoints } from './queries';

/**
 * Manage Region (/settings/regions/edit/{id}, route regions-edit, spec 3 §2): rename the region;
 * list its pickup points, add one from a dropdown of points not yet in it, remove one.
 */
export function RegionEditPage() {
  return (
    <EntityEditPage
      label="region"
      load={regionsApi.get}
      select={(answer) => answer.data[0]}
      queryKey={(id) => keys.regions.one(id)}
      invalidate={keys.regions.all}
      title={() => 'Manage Region'}
      update={regionsApi.update}
      form={RenameForm}
      layout={(form, region) => (
        <Stack gap="md" maw={960}>
          {form}
          <RegionPoints region={region} />
        </Stack>
      )}
    />
  );
}

function RenameForm({ mode, record, send, onSaved }: EntityFormProps<PickupRegion, RegionInput>) {
  const entity = useEntityForm({
    schema: regionInput,
    toValues: (r?: PickupRegion) => ({ region_name: r?.region_name ?? '' }),
    toInput: (v: { region_name: string }): RegionInput => ({ region_name: v.region_name }),
    permission: 'regions.save',
    mode,
    record,
    send,
    onSaved,
  });
  return (
    <EntityFormFrame entity={entity} submitLabel="Update region" maw={960}>
      <TextInput label="Region name" required maw={480} {...entity.form.getInputProps('region_name')} />
    </EntityFormFrame>
  );
}

function RegionPoints({ region }: { region: PickupRegion }) {
  const queryClient = useQueryClient();
  const points = usePoints();
  const [chosen, setChosen] = useState<string | null>(null);
  const inRegion = new Set(region.pick_up_points.map((p) => p.id));
  const options = (points.data ?? [])
    .filter((p) => !inRegion.has(p.id))
    .map((p) => ({ value: String(p.id), label: p.pickup_point_name }));

  const body = (pointId: number) => ({ pickup_point_region: region.id, pickup_point_id: pointId });
  const reload = () => void queryClient.invalidateQueries({ queryKey: keys.regions.all });
  const add = useNoticeMutation((pointId: number) => api.call(regionsApi.addPoint, { body: body(pointId) }), {
    onSuccess: () => {
      setChosen(null);
      reload();
    },
  });
  const remove = useNoticeMutation(
    (pointId: number) => api.call(regionsApi.removePoint, { body: body(pointId) }),
    { onSuccess: reload },
  );

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
