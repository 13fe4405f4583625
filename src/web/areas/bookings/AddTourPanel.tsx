import {
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type JSX, useState } from 'react';
import { MESSAGES } from '../../../shared/api/booking-edit';
import type { InstanceRow } from '../../../shared/api/tour-catalogue';
import { roomsForGuests } from '../../../shared/booking-totals';
import type { OfferedRoom } from '../../../shared/pricing';
import { api } from '../../api/client';
import { tourOptions, useTourList } from '../../api/tours';
import { formatDate, formatMoney, toApiDate } from '../../lib/format';
import { DateField } from '../../ui/DateField';
import { QueryProblem } from '../../ui/QueryProblem';
import { useDepartureAirports } from '../tours/api';
import {
  type ChosenTourLine,
  chosenLine,
  departurePlace,
  guestsProblem,
  instanceQuery,
  isRoomAvailable,
  lineTotal,
  MAX_GUESTS,
  perGuestPrice,
} from './new-booking';

export type { ChosenTourLine } from './new-booking';

/** Query key of get-instance-rooms: callers invalidate it after a booking change. */
export const instanceRoomsKey = (instanceId?: number, departure?: string) =>
  ['instance-rooms', ...(instanceId ? [instanceId, departure] : [])] as const;

/**
 * Adding a tour (spec 1 §2 'Adding a tour'), used by New booking and the booking edit screen: a
 * tour (required; suppressed ones on request), filters by UK departure airport and departure dates,
 * the tour's instances, and the chosen instance's rooms with prices (POST tours/get-instance-rooms).
 * A room is selectable only while rooms are left and it is for sale, else it reads 'Unavailable'.
 * Choosing one asks for guests; rooms = guests ÷ occupancy rounded up (read-only), and the line's
 * price shows as it will be charged. `onAdd` gets the line; when it resolves the room choice resets.
 */
export function AddTourPanel({
  onAdd,
  busy = false,
  submitLabel = 'Add tour',
  held = [],
}: {
  // biome-ignore lint/suspicious/noConfusingVoidType: the shared props: a plain callback or a promise
  onAdd: (line: ChosenTourLine) => void | Promise<unknown>;
  busy?: boolean;
  submitLabel?: string;
  /** Lines chosen but not saved yet (New booking): their rooms no longer count as left. */
  held?: readonly Pick<ChosenTourLine, 'tour_instance_id' | 'tour_room_id' | 'rooms'>[];
}): JSX.Element {
  const [showSuppressed, setShowSuppressed] = useState(false);
  const [tourId, setTourId] = useState<string | null>(null);
  const [airportId, setAirportId] = useState<string | null>(null);
  // Departures from today on unless asked otherwise: past ones cannot be booked in practice.
  const [from, setFrom] = useState<string | null>(() => toApiDate(new Date()) ?? null);
  const [to, setTo] = useState<string | null>(null);
  const [instanceId, setInstanceId] = useState<number | null>(null);
  const [roomId, setRoomId] = useState<number | null>(null);

  const tours = useTourList({ withSuppressed: showSuppressed });
  const airports = useDepartureAirports();
  const tour = tours.data?.find((t) => String(t.id) === tourId) ?? null;

  const filters = instanceQuery({ airportId, from, to });
  const instances = useQuery({
    queryKey: ['tours', Number(tourId), 'instances', filters],
    queryFn: () =>
      api.get<{ data: InstanceRow[] }>(`/tours/${tourId}/instances`, filters).then((r) => r.data),
    enabled: tourId !== null,
    placeholderData: keepPreviousData,
  });
  const instance = instances.data?.find((i) => i.id === instanceId && String(i.tour_id) === tourId) ?? null;

  const rooms = useQuery({
    queryKey: instanceRoomsKey(instance?.id, instance?.departure_date),
    queryFn: () =>
      api
        .post<{ data: OfferedRoom[] }>('/tours/get-instance-rooms', {
          instance_id: instance?.id,
          departure_date: instance?.departure_date,
        })
        .then((r) => r.data),
    enabled: instance !== null,
    // Rooms already on this unsaved booking are not left for another line.
    select: (data) =>
      data.map((r) => {
        const taken = held
          .filter((h) => h.tour_instance_id === instance?.id && h.tour_room_id === r.tour_room_id)
          .reduce((sum, h) => sum + h.rooms, 0);
        if (taken === 0) return r;
        const left = Math.max(0, r.remaining_availability - taken);
        return { ...r, remaining_availability: left, for_sale: r.for_sale && left > 0 };
      }),
  });
  const room = rooms.data?.find((r) => r.tour_room_id === roomId) ?? null;

  const chooseTour = (id: string | null) => {
    setTourId(id);
    setInstanceId(null);
    setRoomId(null);
  };

  return (
    <Stack gap="md">
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Select
            label="Tour"
            required
            placeholder={tours.isPending ? 'Loading…' : 'Choose a tour'}
            data={tourOptions(tours.data)}
            value={tourId}
            onChange={chooseTour}
            searchable
            clearable
            nothingFoundMessage="No tour matches"
            error={tours.isError ? tours.error.message : undefined}
          />
          <Switch
            mt="xs"
            size="xs"
            label="Show suppressed tours"
            checked={showSuppressed}
            onChange={(e) => {
              setShowSuppressed(e.currentTarget.checked);
              // A suppressed tour leaves the list when they are hidden again.
              if (!e.currentTarget.checked && tour?.is_suppressed) chooseTour(null);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          <Select
            label="Departure airport"
            placeholder={airports.isPending ? 'Loading…' : 'Any UK airport'}
            data={(airports.data ?? []).map((a) => ({
              value: String(a.id),
              label: `${a.airport_name} (${a.iata_code})`,
            }))}
            value={airportId}
            onChange={setAirportId}
            searchable
            clearable
            nothingFoundMessage="No airport matches"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
          <DateField label="Departing from" value={from} onChange={(v) => setFrom(toApiDate(v) ?? null)} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
          <DateField
            label="Departing to"
            value={to}
            onChange={(v) => setTo(toApiDate(v) ?? null)}
            minDate={from ?? undefined}
          />
        </Grid.Col>
      </Grid>

      {tourId === null ? (
        <Text size="sm" c="dimmed">
          Choose a tour to see its departures.
        </Text>
      ) : (
        <InstanceList
          query={instances}
          chosenId={instance?.id ?? null}
          onChoose={(id) => {
            setInstanceId(id);
            setRoomId(null);
          }}
        />
      )}

      {instance && (
        <RoomList
          instance={instance}
          query={rooms}
          chosenId={room?.tour_room_id ?? null}
          onChoose={setRoomId}
        />
      )}

      {tour && instance && room && (
        <GuestsForm
          key={`${instance.id}-${room.tour_room_id}`}
          room={room}
          busy={busy}
          submitLabel={submitLabel}
          onCancel={() => setRoomId(null)}
          onAdd={async (guests, airlineRef) => {
            await onAdd(chosenLine({ tour, instance, room, guests, airline_ref: airlineRef }));
            setRoomId(null);
          }}
        />
      )}
    </Stack>
  );
}

type ListQuery<T> = {
  data?: T[];
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/** The tour's instances matching the filters: date, title, where from, places, stop sell. */
function InstanceList({
  query,
  chosenId,
  onChoose,
}: {
  query: ListQuery<InstanceRow>;
  chosenId: number | null;
  onChoose: (id: number) => void;
}) {
  if (query.error) return <QueryProblem query={query} what="departures" />;
  const rows = query.data ?? [];
  return (
    <section aria-label="Departures">
      <Group justify="space-between" mb={6}>
        <Title order={3} size="h5">
          Departures
        </Title>
        <Text size="xs" c="dimmed" aria-live="polite">
          {query.isFetching ? 'Loading…' : `${rows.length} found`}
        </Text>
      </Group>
      {!query.isPending && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No departures match these filters.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
          <Table striped highlightOnHover withTableBorder stickyHeader fz="sm" aria-label="Departures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Departure</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Departs from</Table.Th>
                <Table.Th ta="right">Places</Table.Th>
                <Table.Th ta="right">Passengers</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i) => {
                const chosen = i.id === chosenId;
                const label = `${formatDate(i.departure_date)}${i.instance_title ? ` ${i.instance_title}` : ''}`;
                return (
                  <Table.Tr key={i.id} bg={chosen ? 'var(--mantine-primary-color-light)' : undefined}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(i.departure_date)}</Table.Td>
                    <Table.Td>
                      {i.instance_title ?? '—'}
                      {i.stop_sell && (
                        <Badge ml="xs" size="xs" color="red" variant="light">
                          Stop sell
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{departurePlace(i) || '—'}</Table.Td>
                    <Table.Td ta="right">{i.tour_places ?? '—'}</Table.Td>
                    <Table.Td ta="right">{i.pax_count}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant={chosen ? 'filled' : 'light'}
                        onClick={() => onChoose(i.id)}
                        aria-pressed={chosen}
                        aria-label={`Choose departure ${label}`}
                      >
                        {chosen ? 'Chosen' : 'Choose'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </section>
  );
}

/** The chosen instance's rooms, priced per guest; 'Unavailable' when none are left or not for sale. */
function RoomList({
  instance,
  query,
  chosenId,
  onChoose,
}: {
  instance: InstanceRow;
  query: ListQuery<OfferedRoom>;
  chosenId: number | null;
  onChoose: (id: number) => void;
}) {
  const heading = `Rooms on ${formatDate(instance.departure_date)}${instance.instance_title ? ` · ${instance.instance_title}` : ''}`;
  if (query.error) return <QueryProblem query={query} what="rooms" />;
  const rows = query.data ?? [];
  return (
    <section aria-label="Rooms">
      <Title order={3} size="h5" mb={6}>
        {heading}
      </Title>
      {rows[0]?.sale_closed && (
        <Text size="sm" c="red.8" mb={6} role="status">
          {rows[0].sale_closed}
        </Text>
      )}
      {query.isPending ? (
        <Text size="sm" c="dimmed">
          Loading rooms…
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {MESSAGES.noRooms}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover withTableBorder fz="sm" aria-label="Rooms">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Accommodation</Table.Th>
                <Table.Th>Room</Table.Th>
                <Table.Th>Board basis</Table.Th>
                <Table.Th ta="right">Occupancy</Table.Th>
                <Table.Th ta="right">Price per guest</Table.Th>
                <Table.Th ta="right">Rooms left</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const available = isRoomAvailable(r);
                const chosen = r.tour_room_id === chosenId;
                const sale = perGuestPrice(r);
                return (
                  <Table.Tr
                    key={r.tour_room_id}
                    bg={chosen ? 'var(--mantine-primary-color-light)' : undefined}
                  >
                    <Table.Td>{r.accommodation.name}</Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.board_basis ?? '—'}</Table.Td>
                    <Table.Td ta="right">{r.occupancy}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {sale !== null && sale !== r.price && r.price !== null && (
                        <Text span size="xs" c="dimmed" td="line-through" mr={6}>
                          {formatMoney(r.price)}
                        </Text>
                      )}
                      {sale === null ? '—' : formatMoney(sale)}
                    </Table.Td>
                    <Table.Td ta="right">{r.remaining_availability}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant={chosen ? 'filled' : 'light'}
                        color={available ? undefined : 'gray'}
                        disabled={!available}
                        onClick={() => onChoose(r.tour_room_id)}
                        aria-pressed={chosen}
                        aria-label={
                          available ? `Select ${r.name} at ${r.accommodation.name}` : `${r.name} unavailable`
                        }
                      >
                        {!available ? 'Unavailable' : chosen ? 'Selected' : 'Select'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

/** Guests for the chosen room (min 1), the rooms they need (read-only) and the line's price. */
function GuestsForm({
  room,
  busy,
  submitLabel,
  onAdd,
  onCancel,
}: {
  room: OfferedRoom;
  busy: boolean;
  submitLabel: string;
  onAdd: (guests: number, airlineRef: string) => Promise<void>;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [guests, setGuests] = useState<number | string>(() =>
    Math.max(1, Math.min(room.occupancy, room.occupancy * room.remaining_availability)),
  );
  const [airlineRef, setAirlineRef] = useState('');
  const [adding, setAdding] = useState(false);
  const [touched, setTouched] = useState(false);
  const problem = guestsProblem(guests, room);
  const n = problem ? null : Number(guests);
  const working = busy || adding;

  const add = async () => {
    setTouched(true);
    if (n === null) return;
    setAdding(true);
    try {
      await onAdd(n, airlineRef);
    } catch {
      // The caller has shown why; the choice stays for another try.
    } finally {
      setAdding(false);
      // Whatever happened, the rooms left may have changed.
      void queryClient.invalidateQueries({ queryKey: instanceRoomsKey() });
    }
  };

  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
      <form
        aria-label="Guests for the chosen room"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // Stops the submit reaching a form this panel may sit in.
          e.stopPropagation();
          void add();
        }}
      >
        <Text fw={600} size="sm" mb="sm">
          {room.accommodation.name} – {room.name}
          {room.board_basis ? `, ${room.board_basis}` : ''} · sleeps {room.occupancy} ·{' '}
          {formatMoney(perGuestPrice(room))} per guest · {room.remaining_availability}{' '}
          {room.remaining_availability === 1 ? 'room' : 'rooms'} left
        </Text>
        <Group align="flex-start" gap="md" wrap="wrap">
          <NumberInput
            label="Guests"
            required
            min={1}
            max={MAX_GUESTS}
            allowDecimal={false}
            allowNegative={false}
            w={110}
            value={guests}
            onChange={setGuests}
            onBlur={() => setTouched(true)}
            error={touched || guests !== '' ? problem : null}
            data-autofocus
          />
          <TextInput
            label="Rooms"
            readOnly
            w={90}
            value={n === null ? '' : String(roomsForGuests(n, room.occupancy))}
          />
          <TextInput
            label="Airline reference"
            w={180}
            maxLength={50}
            value={airlineRef}
            onChange={(e) => setAirlineRef(e.currentTarget.value)}
          />
          <Stack gap={2} mt={4}>
            <Text size="sm" fw={500}>
              Price
            </Text>
            <Text size="lg" fw={700} aria-live="polite" aria-label="Line price">
              {n === null ? '—' : formatMoney(lineTotal(room, n))}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={onCancel} disabled={working}>
            Cancel
          </Button>
          <Button type="submit" disabled={working || problem !== null}>
            {working ? 'Adding...' : submitLabel}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
