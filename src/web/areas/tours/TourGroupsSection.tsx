import { Anchor, Group, Select, Stack, Switch } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { type GroupRow, groupsApi } from '../../../shared/api/groups';
import { groupCreateInput, groupRegionErrors, type TourDetail } from '../../../shared/api/tour-catalogue';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { useTourData } from '../../api/tours';
import { formatDate } from '../../lib/format';
import { DateField } from '../../ui/DateField';
import { useEntityForm } from '../../ui/entity';
import { MoneyInput, numberText } from '../../ui/form';
import { Can } from '../../ui/permissions';
import { Section } from '../../ui/Section';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';
import { InlineAddForm } from './InlineAddForm';

/**
 * The Groups section of the tour screen (spec 3 §2): table of start date, pick up region, passenger
 * count and group id, newest first; 'show taken places'; the add-group form for role 1 (start date
 * required, base price, a pickup region for coach tours).
 */
export function TourGroupsSection({ tour, defaultOpen }: { tour: TourDetail; defaultOpen: boolean }) {
  const table = useRef<ServerTableHandle>(null);
  const [showTaken, setShowTaken] = useState(false);
  const columns: ServerTableColumn<GroupRow>[] = [
    {
      accessor: 'start_date',
      title: 'Start date',
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={pathTo('tour-group', { id: r.id })} size="sm">
          {formatDate(r.start_date)}
        </Anchor>
      ),
    },
    { accessor: 'region_name', title: 'Pick up region', sortable: true, render: (r) => r.region_name ?? '' },
    { accessor: 'passenger_count', title: 'Passenger count', sortable: true, textAlign: 'right' },
    { accessor: 'id', title: 'Group id', sortable: true, textAlign: 'right' },
    ...(showTaken ? [{ accessor: 'taken_places', title: 'Places taken', textAlign: 'right' as const }] : []),
  ];
  return (
    <Section title="Groups" defaultOpen={defaultOpen}>
      <Stack gap="md">
        <Can permission="groups.create">
          <AddGroupForm tour={tour} onAdded={() => table.current?.reload()} />
        </Can>
        <Group justify="flex-end">
          <Switch
            label="Show taken places"
            checked={showTaken}
            onChange={(e) => setShowTaken(e.currentTarget.checked)}
          />
        </Group>
        <ServerTable<GroupRow>
          ref={table}
          label="Groups"
          endpoint={groupsApi.table}
          params={{ id: tour.id }}
          queryKeyPrefix={keys.groups.all}
          filters={{ show_taken_places: showTaken ? 'yes' : 'no' }}
          columns={columns}
          defaultOrder={{ column: 0, dir: 'desc' }}
          emptyText="No groups yet"
          rowStyle={(r) => (r.stop_sell ? { color: 'var(--mantine-color-dimmed)' } : undefined)}
        />
      </Stack>
    </Section>
  );
}

interface AddGroupValues {
  start_date: string | null;
  base_price: string | number;
  pick_up_point_region_id: string | null;
}

function AddGroupForm({ tour, onAdded }: { tour: TourDetail; onAdded: () => void }) {
  const lists = useTourData();
  const coach = tour.tour_type === 'coach';
  const entity = useEntityForm({
    schema: groupCreateInput,
    toValues: (): AddGroupValues => ({ start_date: null, base_price: '', pick_up_point_region_id: null }),
    toInput: (v: AddGroupValues) => ({
      tour_id: tour.id,
      start_date: v.start_date,
      base_price: numberText(v.base_price),
      pick_up_point_region_id: v.pick_up_point_region_id ?? '',
    }),
    extraValidate: (v) => groupRegionErrors(tour.tour_type, v.pick_up_point_region_id),
    permission: 'groups.create',
    mode: 'create',
    send: (body) => api.call(groupsApi.create, { body }),
    resetAfterCreate: true,
    onSaved: onAdded,
  });
  const { form } = entity;
  return (
    <InlineAddForm entity={entity} label="Add group" submitLabel="Add group">
      <DateField label="Start date" required w={180} {...form.getInputProps('start_date')} />
      <MoneyInput label="Base price" w={160} {...form.getInputProps('base_price')} />
      {coach && (
        <Select
          label="Pickup region"
          required
          w={240}
          placeholder={lists.isPending ? 'Loading…' : 'Choose a region'}
          data={(lists.data?.pickUpRegions ?? []).map((r) => ({
            value: String(r.id),
            label: r.region_name,
          }))}
          searchable
          {...form.getInputProps('pick_up_point_region_id')}
        />
      )}
    </InlineAddForm>
  );
}
