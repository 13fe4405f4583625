import { Anchor, Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TourDetail } from '../../../shared/api/tour-catalogue';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { DateField } from '../../ui/DateField';
import { MoneyInput, useFormSubmit } from '../../ui/form';
import { Can } from '../../ui/permissions';
import { Section } from '../../ui/Section';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';
import { decimalText, useTourData } from './api';

interface GroupRow {
  id: number;
  start_date: string;
  region_name: string | null;
  passenger_count: number;
  taken_places?: string;
  stop_sell: boolean;
}

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
          endpoint={`/tours/${tour.id}/groups/table`}
          filters={{ show_taken_places: showTaken ? 'yes' : 'no' }}
          columns={columns}
          defaultOrder={{ column: 0, dir: 'desc' }}
          emptyText="No groups yet"
          rowStyle={(r) => (r.stop_sell ? { opacity: 0.6 } : undefined)}
        />
      </Stack>
    </Section>
  );
}

function AddGroupForm({ tour, onAdded }: { tour: TourDetail; onAdded: () => void }) {
  const lists = useTourData();
  const coach = tour.tour_type === 'coach';
  const form = useForm<{
    start_date: string | null;
    base_price: string | number;
    pick_up_point_region_id: string | null;
  }>({
    initialValues: { start_date: null, base_price: '', pick_up_point_region_id: null },
    validate: {
      start_date: (v) => (v ? null : 'Start date is required.'),
      pick_up_point_region_id: (v) => (coach && !v ? 'A pickup region is required for coach tours.' : null),
    },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) =>
      api.post('/tours/groups', {
        tour_id: tour.id,
        start_date: v.start_date,
        base_price: decimalText(v.base_price),
        pick_up_point_region_id: v.pick_up_point_region_id ?? '',
      }),
    {
      onSuccess: () => {
        form.reset();
        onAdded();
      },
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add group">
      <Text fw={600} size="sm" mb={4}>
        Add group
      </Text>
      <Group align="flex-start" gap="md" wrap="wrap">
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
        <Button type="submit" mt={25} disabled={saving}>
          {saving ? 'Adding...' : 'Add group'}
        </Button>
      </Group>
    </form>
  );
}
