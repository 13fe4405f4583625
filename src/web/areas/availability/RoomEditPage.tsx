import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { accommodationApi, type RoomDetails } from '../../../shared/api/accommodation';
import { type AvailabilityRow, availabilityApi } from '../../../shared/api/availability';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { formatDate } from '../../lib/format';
import { EntityEditPage } from '../../ui/entity';
import { useCan } from '../../ui/permissions';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { ServerTable, type ServerTableColumn } from '../../ui/ServerTable';
import { RoomForm } from '../accommodation';
import { AvailabilityForm, PricesForm } from './AvailabilityForms';
import { defaultRange } from './hooks';
import { PricesTable } from './PricesTable';

/**
 * Accommodation room edit (/accommodation/room/edit/{id}, route accommodation-room-edit, 'Manage
 * Availability', spec 3 §2): the room form (saved per field; the room is the accommodation area's
 * record, so a save reloads `keys.accommodation`), the Manage Availability and Manage Availability
 * Prices forms (role 1), a date range (default today to the end of the month) that drives the
 * Accommodation Prices table and the server-side Accommodation Availability table.
 */
export function RoomEditPage() {
  return (
    <EntityEditPage
      label="room"
      load={accommodationApi.room}
      select={(answer) => answer.data[0]}
      queryKey={(id) => keys.accommodation.list('room', id)}
      invalidate={keys.accommodation.all}
      title={() => 'Manage Availability'}
      update={accommodationApi.updateRoom}
      form={RoomForm}
      layout={(form, room) => <RoomScreen key={room.id} room={room} form={form} />}
    />
  );
}

function RoomScreen({ room, form }: { room: RoomDetails; form: ReactNode }) {
  const queryClient = useQueryClient();
  const mayUpdateAvailability = useCan('availability.update');
  const [range, setRange] = useState<[string | null, string | null]>(defaultRange());
  const fullRange: [string, string] | null = range[0] && range[1] ? [range[0], range[1]] : null;
  /** After a change of availability or prices: the prices, discounts and availability reload. */
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.availability.all });
  return (
    <>
      <Group gap="xs" mb="md" mt={-8}>
        <Text fw={500}>{room.name}</Text>
        <Text c="dimmed">at</Text>
        <RouterAnchor to={pathTo('accommodation-edit', { id: room.accommodation_id }, { tab: 'rooms' })}>
          {room.accommodation_name}
        </RouterAnchor>
        {room.is_special && <Badge variant="light">Special</Badge>}
      </Group>
      <Stack gap="md">
        {form}
        {mayUpdateAvailability && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <AvailabilityForm roomId={room.id} onSaved={refresh} />
            <PricesForm roomId={room.id} onSaved={refresh} />
          </SimpleGrid>
        )}
        <Paper withBorder p="md" radius="md">
          <DatePickerInput
            type="range"
            label="Dates shown"
            description="The prices and availability below cover these nights."
            valueFormat="DD/MM/YYYY"
            allowSingleDateInRange
            value={range}
            onChange={(v) => setRange([v[0], v[1]])}
            maw={360}
            popoverProps={{ withinPortal: true }}
          />
        </Paper>
        <PricesTable room={room} range={fullRange} />
        <AvailabilityTable roomId={room.id} range={fullRange} />
      </Stack>
    </>
  );
}

/** Accommodation Availability (spec 3 §2, §3): server-side, page size 25, for the chosen range. */
function AvailabilityTable({ roomId, range }: { roomId: number; range: [string, string] | null }) {
  const columns: ServerTableColumn<AvailabilityRow>[] = [
    {
      accessor: 'availability_date',
      title: 'Date',
      sortable: true,
      render: (r) => formatDate(r.availability_date),
    },
    { accessor: 'availability', title: 'Availability', sortable: true, textAlign: 'right' },
    { accessor: 'confirmed_locked_availability', title: 'Confirmed', sortable: true, textAlign: 'right' },
    { accessor: 'locked_availability', title: 'Unconfirmed', sortable: true, textAlign: 'right' },
    {
      accessor: 'remaining_availability',
      title: 'Remaining',
      sortable: true,
      textAlign: 'right',
      render: (r) => (
        <Text
          span
          size="sm"
          fw={r.remaining_availability === 0 ? 700 : undefined}
          c={r.remaining_availability === 0 ? 'red' : undefined}
        >
          {r.remaining_availability}
        </Text>
      ),
    },
    {
      accessor: 'stop_sell',
      title: 'Stop sell',
      sortable: true,
      textAlign: 'center',
      render: (r) =>
        r.stop_sell ? (
          <Badge color="red" variant="light">
            Stopped
          </Badge>
        ) : (
          <Text span size="sm" c="dimmed">
            No
          </Text>
        ),
    },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Accommodation Availability
      </Title>
      <ServerTable<AvailabilityRow>
        label="Accommodation Availability"
        endpoint={availabilityApi.table}
        params={{ id: roomId }}
        queryKeyPrefix={keys.availability.table(roomId)}
        columns={columns}
        filters={{ startDate: range?.[0], endDate: range?.[1] }}
        pageSizes={[25]}
        emptyText="No availability in this date range"
      />
    </Paper>
  );
}
