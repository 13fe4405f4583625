import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { RoomDetails } from '../../../shared/api/accommodation';
import type { AvailabilityRow } from '../../../shared/api/availability';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { EntityLoader } from '../../ui/EntityLoader';
import { FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { ServerTable, type ServerTableColumn, type ServerTableHandle } from '../../ui/ServerTable';
import { accommodationKey } from '../accommodation/AccommodationFormPage';
import {
  RoomFields,
  type RoomValues,
  roomToInput,
  roomToValues,
  validateRoom,
} from '../accommodation/RoomsTab';
import { AvailabilityForm, PricesForm } from './AvailabilityForms';
import { defaultRange, roomKeys } from './hooks';
import { PricesTable } from './PricesTable';

/**
 * Accommodation room edit (/accommodation/room/edit/{id}, route accommodation-room-edit, 'Manage
 * Availability', spec 3 §2): the room form (saved per field), the Manage Availability and Manage
 * Availability Prices forms (role 1), a date range (default today to the end of the month) that
 * drives the Accommodation Prices table and the server-side Accommodation Availability table.
 */
export function RoomEditPage() {
  const id = Number(useParams().id);
  return <RoomEdit key={id} id={id} />;
}

function RoomEdit({ id }: { id: number }) {
  const query = useQuery({
    queryKey: roomKeys.room(id),
    queryFn: () => api.get<{ data: RoomDetails[] }>(`/accommodation/room/${id}`).then((r) => r.data[0]),
  });
  const mayUpdateAvailability = useCan('availability.update');
  const [range, setRange] = useState<[string | null, string | null]>(defaultRange());
  const [reloadKey, setReloadKey] = useState(0);
  const availabilityTable = useRef<ServerTableHandle>(null);
  const fullRange: [string, string] | null = range[0] && range[1] ? [range[0], range[1]] : null;
  const refresh = () => {
    setReloadKey((k) => k + 1);
    availabilityTable.current?.reload();
  };
  return (
    <EntityLoader query={query} label="room">
      {(room) => (
        <>
          <PageHeader title="Manage Availability" />
          <Group gap="xs" mb="md" mt={-8}>
            <Text fw={500}>{room.name}</Text>
            <Text c="dimmed">at</Text>
            <RouterAnchor to={pathTo('accommodation-edit', { id: room.accommodation_id }, { tab: 'rooms' })}>
              {room.accommodation_name}
            </RouterAnchor>
            {room.is_special && <Badge variant="light">Special</Badge>}
          </Group>
          <Stack gap="md">
            <RoomForm room={room} />
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
            <PricesTable room={room} range={fullRange} reloadKey={reloadKey} />
            <AvailabilityTable ref={availabilityTable} roomId={room.id} range={fullRange} />
          </Stack>
        </>
      )}
    </EntityLoader>
  );
}

const FIELD_TITLES: Record<keyof RoomValues, string> = {
  name: 'Room name',
  board_basis: 'Board basis',
  occupancy: 'Occupancy',
  is_special: 'Special room',
};

/**
 * The room form: each field is saved when it changes (PUT accommodation/rooms/{id}, notice
 * '{field title} updated'); 'Update room' saves the whole room. Role 2 sees it read-only.
 */
function RoomForm({ room }: { room: RoomDetails }) {
  const queryClient = useQueryClient();
  const mayUpdate = useCan('rooms.update');
  const form = useForm<RoomValues>({ initialValues: roomToValues(room), validate: validateRoom });
  const saved = useRef<RoomValues>(roomToValues(room));
  const afterSave = () => {
    void queryClient.invalidateQueries({ queryKey: roomKeys.room(room.id) });
    void queryClient.invalidateQueries({ queryKey: accommodationKey(room.accommodation_id) });
  };
  const put = (v: RoomValues) =>
    api.put<{ message: string }>(`/accommodation/rooms/${room.id}`, roomToInput(v));
  const saveField = useMutation({
    mutationFn: ({ values }: { field: keyof RoomValues; values: RoomValues }) => put(values),
    onSuccess: (_answer, { field, values }) => {
      saved.current = values;
      notifications.show({ color: 'green', message: `${FIELD_TITLES[field]} updated` });
      afterSave();
    },
    onError: (err) => notifications.show({ color: 'red', title: 'Error', message: err.message }),
  });
  const { onSubmit, saving } = useFormSubmit(form, put, {
    onSuccess: (_a, values) => {
      saved.current = values;
      afterSave();
    },
  });
  const onFieldBlur = (field: keyof RoomValues) => {
    if (!mayUpdate) return;
    const values = form.getValues();
    if (String(values[field]) === String(saved.current[field])) return;
    const check = form.validateField(field);
    if (check.hasError) return;
    saveField.mutate({ field, values: { ...saved.current, [field]: values[field] } });
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Room
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!mayUpdate} style={{ border: 0, padding: 0, margin: 0 }}>
          <RoomFields form={form} onFieldBlur={onFieldBlur} />
        </fieldset>
        {mayUpdate && (
          <FormActions>
            <Text size="xs" c="dimmed" mr="auto">
              Each field is saved as you change it.
            </Text>
            <SaveButton mode="update" saving={saving || saveField.isPending}>
              Update room
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}

/** Accommodation Availability (spec 3 §2, §3): server-side, page size 25, for the chosen range. */
function AvailabilityTable({
  roomId,
  range,
  ref,
}: {
  roomId: number;
  range: [string, string] | null;
  ref: React.Ref<ServerTableHandle>;
}) {
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
        ref={ref}
        label="Accommodation Availability"
        endpoint={`/accommodation/room/availability/${roomId}/table`}
        columns={columns}
        filters={{ startDate: range?.[0], endDate: range?.[1] }}
        pageSizes={[25]}
        emptyText="No availability in this date range"
      />
    </Paper>
  );
}
